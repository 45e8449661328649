import { takeSlot } from '../../data/identity/rate-limits';
import type { UserRecord } from '../../data/identity/users';
import { config } from '../../lib/config';
import { TooManyRequestsError, ValidationError } from '../../lib/errors';
import { guardLogin } from './rate-limit';
import { spendSecondFactor } from './second-factor';
import type { SecurityEmailUser } from './security-emails';

/**
 * Wrong two-factor codes per account (issue 35, item 3), on top of the failed-login limits per
 * email and address: codes brought from many addresses all count against the account. Past
 * `config.limits.twoFactorCodesPerAccount` wrong codes in a window (20 in 15 minutes) every code
 * for the account — the right one too — is refused with 429 `TOO_MANY_TWO_FACTOR_CODES` and
 * `Retry-After` until the window ends, and the owner is told by email, once per window. A right
 * code gives its slot back.
 */
export interface CodeGuard {
  /** The code was right: it was not a wrong guess. */
  succeeded(): Promise<void>;
  /** The code was wrong: it keeps its slot; the one that fills the window tells the owner. */
  failed(): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Takes a slot for a code about to be checked; 429 when the account's window is full. */
export async function guardTwoFactorCode(
  user: SecurityEmailUser & Pick<UserRecord, '_id'>,
): Promise<CodeGuard> {
  const { twoFactorCodesPerAccount: limit, twoFactorWindowSeconds: windowSeconds } = config.limits;
  const now = nowSeconds();
  const windowEnd = (Math.floor(now / windowSeconds) + 1) * windowSeconds;
  const slot = await takeSlot({ kind: '2fa-user', subject: user._id, limit, windowSeconds }, now);
  if (!slot) {
    const error = new TooManyRequestsError('TOO_MANY_TWO_FACTOR_CODES', {
      retryAfterSeconds: Math.max(1, windowEnd - now),
    });
    error.userId = user._id;
    throw error;
  }
  return {
    succeeded: () => slot.release(),
    failed: async () => {
      if (slot.count < limit) return;
      const notice = { kind: '2fa-notice', subject: user._id, limit: 1, windowSeconds };
      if (!(await takeSlot(notice, now))) return;
      // Loaded only here: the login function sends no other email.
      const { sendSecurityEmail } = await import('./security-emails');
      await sendSecurityEmail(user, 'twoFactorCodesRefused', {
        count: limit,
        minutes: Math.round(windowSeconds / 60),
        until: new Date(windowEnd * 1000),
      });
    },
  };
}

/**
 * A code asked for before a change to how the account is reached (turning 2FA off, a new API
 * token): 400 `TWO_FACTOR_REQUIRED` without one, 400 `TWO_FACTOR_INVALID` for a wrong or used one.
 * Counted like a failed login (per email and address) and per account.
 */
export async function assertSecondFactor(
  user: SecurityEmailUser & Pick<UserRecord, '_id'>,
  code: string | undefined,
  sourceIp: string,
): Promise<void> {
  if (!code) throw new ValidationError('TWO_FACTOR_REQUIRED', { param: 'code' });
  const guard = await guardLogin(user.email, sourceIp);
  const codeGuard = await guardTwoFactorCode(user);
  if (!(await spendSecondFactor(user._id, code))) {
    await codeGuard.failed();
    throw new ValidationError('TWO_FACTOR_INVALID', { param: 'code' });
  }
  await Promise.all([guard.succeeded(), codeGuard.succeeded()]);
}
