import { createHash } from 'node:crypto';
import { getTwoFactor, spendRecoveryCode, spendStep } from '../../data/identity/two-factor';
import { matchingStep } from './totp';

/**
 * The second factor at sign-in: a TOTP or a recovery code, each accepted once. Apart from
 * `two-factor.ts` (turning it on and off), which sends security emails: the login function
 * must not load the mail client.
 */

/** What a recovery code is, however typed: spaces, dashes and case are the reader's. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code), 'utf8').digest('hex');

/**
 * Whether `code` is a valid TOTP of the user's secret (within one step of now, later than the last
 * one used) or one of the unused recovery codes — and if so, spends it: the same code is refused
 * from then on, also when two requests bring it at the same moment.
 */
export async function spendSecondFactor(userId: string, code: string): Promise<boolean> {
  const state = await getTwoFactor(userId);
  if (!state?.secret) return false;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = matchingStep(state.secret, digits, Date.now(), state.lastStep);
    return step !== undefined && (await spendStep(userId, step));
  }
  return (
    /^[a-z2-7]{10}$/.test(normalizeRecoveryCode(code)) && spendRecoveryCode(userId, hashRecoveryCode(code))
  );
}
