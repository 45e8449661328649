import { TransactionFailed, transactWrite } from '../../data/core/transact';
import { changePasswordItem } from '../../data/identity/user-writes';
import type { UserRecord } from '../../data/identity/users';
import { UnauthorizedError } from '../../lib/errors';
import { assertNotDemo, assertPassword } from './accounts';
import { tidyRevokedApiTokens } from './api-tokens';
import { assertStrongPassword } from './password-strength';
import { hashPassword } from './passwords';
import { sendSecurityEmail } from './security-emails';
import { sessionToken } from './sign-in';

/**
 * A password change while signed in, and the security email it sends to the account's address
 * (`security-emails.ts`), so an owner whose password someone else changed learns of it.
 */

/**
 * Sets a new password after checking the current one. Every session of the account ends (the
 * token version rises in the same conditional write); the caller gets a new token for the next.
 * Every API token is revoked too unless `keepApiTokens` (the app asks).
 */
export async function changePassword(
  user: UserRecord,
  input: { currentPassword: string; password: string; keepApiTokens?: boolean | undefined },
  sourceIp: string,
): Promise<{ token: string }> {
  assertNotDemo(user);
  await assertStrongPassword(input.password, user, 'password');
  await assertPassword(user, input.currentPassword, sourceIp, 'currentPassword');
  const passwordHash = await hashPassword(input.password);
  try {
    const revokeApiTokens = input.keepApiTokens !== true;
    await transactWrite([changePasswordItem(user._id, passwordHash, user.tokenVersion, revokeApiTokens)]);
  } catch (error) {
    // Another change or a logout everywhere came first: this session has ended with it.
    if (error instanceof TransactionFailed) {
      throw new UnauthorizedError('INVALID_TOKEN');
    }
    throw error;
  }
  if (input.keepApiTokens !== true) await tidyRevokedApiTokens(user._id);
  await sendSecurityEmail(user, 'passwordChanged');
  return { token: await sessionToken({ _id: user._id, tokenVersion: user.tokenVersion + 1 }) };
}
