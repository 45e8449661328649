import { TransactionFailed, transactWrite } from '../../data/core/transact';
import { getToken, spendTokenItem } from '../../data/identity/tokens';
import { setPasswordItem } from '../../data/identity/user-writes';
import { getUserById } from '../../data/identity/users';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { LINK_ERRORS, linkError, nowSeconds } from '../shared/links';
import { assertNotDemo, isDemoEmail } from './accounts';
import { tidyRevokedApiTokens } from './api-tokens';
import { withSignInTurn } from './hash-slots';
import { assertStrongPassword } from './password-strength';
import { hashPassword } from './passwords';
import { sendSecurityEmail } from './security-emails';

/**
 * A password reset with a mailed link, and the security email it sends to the account's address
 * (`security-emails.ts`): someone who can read that mailbox learns of it there. No session token is
 * signed here (the reset ends every session), so the function does not load the JWT secret.
 */

export interface PasswordReset {
  email: string;
  password: string;
  resetToken: string;
}

/**
 * Sets a new password with a reset link. The link must belong to the email given, be unused and
 * less than an hour old; spending it, setting the password and raising the token version (which
 * ends every session) happen in one transaction.
 */
export function resetPassword(input: PasswordReset): Promise<{ msg: string }> {
  return withSignInTurn(() => reset(input));
}

async function reset(input: PasswordReset): Promise<{ msg: string }> {
  if (isDemoEmail(input.email)) throw new ForbiddenError('DEMO_READ_ONLY_ACCOUNT_SETTINGS');
  const record = await getToken(input.resetToken);
  if (record?.kind !== 'reset' || record.email !== input.email.trim().toLowerCase()) {
    throw await linkError(input.resetToken, 'reset', input.email);
  }
  if (record.usedAt || record.expiresAt <= nowSeconds()) throw await linkError(input.resetToken, 'reset');
  const user = await getUserById(record.userId);
  // A link sent to an address the account has since left resets nothing.
  if (!user || user.email.trim().toLowerCase() !== record.email) {
    throw new ValidationError(LINK_ERRORS.reset.invalid, { param: 'resetToken' });
  }
  assertNotDemo(user);
  await assertStrongPassword(input.password, user, 'password');
  const passwordHash = await hashPassword(input.password);
  try {
    await transactWrite([
      spendTokenItem(input.resetToken, 'reset', nowSeconds()),
      setPasswordItem(user._id, passwordHash, record.tokenVersion),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed) {
      // Item 1 failing means a reset already happened since this link was sent: the link is spent.
      if (error.conditionFailed(1)) {
        throw new ValidationError(LINK_ERRORS.reset.used, { param: 'resetToken' });
      }
      throw await linkError(input.resetToken, 'reset');
    }
    throw error;
  }
  await tidyRevokedApiTokens(user._id);
  await sendSecurityEmail(user, 'passwordReset');
  return { msg: 'Your password has been reset!' };
}
