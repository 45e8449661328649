import { setPendingSecret } from '../../data/identity/two-factor';
import type { UserRecord } from '../../data/identity/users';
import { ConflictError } from '../../lib/errors';
import { assertNotDemo, assertPassword } from './accounts';
import { newTotpSecret, otpauthUrl } from './totp';

/**
 * Two-factor sign-in (CONTRACT §8), step 1 of turning it on: a secret to scan. Step 2 and turning
 * it off are in `two-factor-switch.ts` (they send security emails, so they load the mail client);
 * spending a code at sign-in is in `second-factor.ts`.
 */

/** Step 1: a new secret to scan (after the password again). 409 when 2FA is on already. */
export async function startTwoFactor(
  user: UserRecord,
  password: string,
  sourceIp: string,
): Promise<{ secret: string; otpauthUrl: string }> {
  assertNotDemo(user);
  if (user.twoFactor) throw new ConflictError('TWO_FACTOR_ALREADY_ON');
  await assertPassword(user, password, sourceIp, 'password');
  const secret = newTotpSecret();
  if (!(await setPendingSecret(user._id, secret, new Date().toISOString()))) {
    throw new ConflictError('TWO_FACTOR_ALREADY_ON');
  }
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}
