import { getToken, spendTokenItem } from '../data/tokens';
import { TransactionFailed, transactWrite } from '../data/transact';
import { changePasswordItem, getUserById, setPasswordItem, type UserRecord } from '../data/users';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../lib/errors';
import { assertNotDemo, assertPassword, isDemoEmail } from './accounts';
import { LINK_ERRORS, linkError, nowSeconds } from './links';
import { assertStrongPassword } from './password-strength';
import { hashPassword } from './passwords';
import { sendSecurityEmail } from './security-emails';
import { sessionToken } from './sign-in';

/**
 * The two ways a password is set anew — changed while signed in, or reset with a mailed link —
 * and the security email each sends to the account's address (`security-emails.ts`), so that an
 * owner whose password someone else changed learns of it. Both end the account's other sessions.
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
export async function resetPassword(input: PasswordReset): Promise<{ msg: string }> {
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
  assertStrongPassword(input.password, user, 'password');
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
  await sendSecurityEmail(user, 'passwordReset');
  return { msg: 'Your password has been reset!' };
}

/**
 * Sets a new password after checking the current one. Every session of the account ends (the
 * token version rises in the same conditional write); the caller gets a new token for the next.
 */
export async function changePassword(
  user: UserRecord,
  input: { currentPassword: string; password: string },
  sourceIp: string,
): Promise<{ token: string }> {
  assertNotDemo(user);
  assertStrongPassword(input.password, user, 'password');
  await assertPassword(user, input.currentPassword, sourceIp, 'currentPassword');
  const passwordHash = await hashPassword(input.password);
  try {
    await transactWrite([changePasswordItem(user._id, passwordHash, user.tokenVersion)]);
  } catch (error) {
    // Another change or a logout everywhere came first: this session has ended with it.
    if (error instanceof TransactionFailed) {
      throw new UnauthorizedError('INVALID_TOKEN');
    }
    throw error;
  }
  await sendSecurityEmail(user, 'passwordChanged');
  return { token: await sessionToken({ _id: user._id, tokenVersion: user.tokenVersion + 1 }) };
}
