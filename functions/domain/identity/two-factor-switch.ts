import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../contract/security';
import { disableTwoFactor, enableTwoFactor, getTwoFactor } from '../../data/identity/two-factor';
import type { UserRecord } from '../../data/identity/users';
import { ConflictError, ValidationError } from '../../lib/errors';
import { assertNotDemo, assertPassword } from './accounts';
import { assertSecondFactor } from './code-guard';
import { guardLogin } from './rate-limit';
import { hashRecoveryCode } from './second-factor';
import { sendSecurityEmail } from './security-emails';
import { sessionToken } from './sign-in';
import { base32Encode, matchingStep } from './totp';

/**
 * Two-factor sign-in (CONTRACT §8) switched on — a code of the secret from `two-factor.ts` turns
 * it on and answers 10 single-use recovery codes — and off (password and a code). Wrong codes
 * count against the failed-login limits, like wrong passwords. Each switch is told to the
 * account's address (a security email).
 */

/** A recovery code as shown: 10 base32 characters (50 bits) in two groups, `abcde-fghij`. */
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** Step 2: a code of the new secret turns 2FA on; answers the recovery codes (shown only here). */
export async function confirmTwoFactor(
  user: UserRecord,
  code: string,
  sourceIp: string,
): Promise<{ recoveryCodes: string[]; token: string }> {
  assertNotDemo(user);
  if (user.twoFactor) throw new ConflictError('TWO_FACTOR_ALREADY_ON');
  const state = await getTwoFactor(user._id);
  if (!state?.pendingSecret) throw new ConflictError('TWO_FACTOR_NOT_STARTED');
  const guard = await guardLogin(user.email, sourceIp);
  const step = matchingStep(state.pendingSecret, code.replace(/\s/g, ''), Date.now());
  if (step === undefined) throw new ValidationError('TWO_FACTOR_INVALID', { param: 'code' });
  await guard.succeeded();
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  if (!(await enableTwoFactor(user._id, state.pendingSecret, step, recoveryCodes.map(hashRecoveryCode)))) {
    // Another setup replaced the secret, or another request turned 2FA on, in the meantime.
    throw new ConflictError('TWO_FACTOR_NOT_STARTED');
  }
  await sendSecurityEmail(user, 'twoFactorOn');
  // Turning it on raised the token version (sessions from before end): this session's new token.
  return { recoveryCodes, token: await sessionToken({ _id: user._id, tokenVersion: user.tokenVersion + 1 }) };
}

/** Turns 2FA off after the password and a code (TOTP or recovery code). 409 when it is off. */
export async function turnOffTwoFactor(
  user: UserRecord,
  input: { password: string; code: string },
  sourceIp: string,
): Promise<void> {
  assertNotDemo(user);
  if (!user.twoFactor) throw new ConflictError('TWO_FACTOR_OFF');
  await assertPassword(user, input.password, sourceIp, 'password');
  await assertSecondFactor(user, input.code, sourceIp);
  if (!(await disableTwoFactor(user._id))) throw new ConflictError('TWO_FACTOR_OFF');
  await sendSecurityEmail(user, 'twoFactorOff');
}
