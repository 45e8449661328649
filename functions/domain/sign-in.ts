import { TransactionFailed, transactWrite } from '../data/transact';
import { changePasswordItem, getUserByEmail, getUserById, type UserRecord } from '../data/users';
import { config } from '../lib/config';
import { UnauthorizedError, ValidationError } from '../lib/errors';
import { signToken } from '../lib/jwt';
import { assertNotDemo, assertPassword } from './accounts';
import { assertStrongPassword } from './password-strength';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { guardLogin } from './rate-limit';

/**
 * The account operations that answer a new session token: login, the demo login and a password
 * change (`signup.ts` signs a new account's first one with `sessionToken`). Signing needs the
 * secret from Secrets Manager, whose client only the functions that sign or verify tokens load.
 */

/** A new session token for the user, valid until its expiry or the next raise of its token version. */
export const sessionToken = (user: Pick<UserRecord, '_id' | 'tokenVersion'>) =>
  signToken({ sub: user._id, ver: user.tokenVersion });

/**
 * Checks email and password and answers a session token. Unknown email and wrong password give the
 * same 400 'Invalid Credentials' after the same amount of hashing work. Failed attempts count
 * against the email and the source address (429 past the limits).
 */
export async function login(
  email: string,
  password: string,
  sourceIp: string,
): Promise<{ token: string; userId: string }> {
  const guard = await guardLogin(email, sourceIp);
  const user = await getUserByEmail(email);
  const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !ok) {
    const error = new ValidationError('INVALID_CREDENTIALS');
    if (user) error.userId = user._id;
    throw error;
  }
  await guard.succeeded();
  return { token: await sessionToken(user), userId: user._id };
}

let demoReset: Promise<{ userId: string }> | undefined;

/**
 * Signs in to the shared demo account, creating and seeding it first if it does not exist yet
 * (one reset per instance at a time, however many visitors arrive together).
 */
export async function loginDemo(): Promise<{ token: string }> {
  let user = await getUserByEmail(config.demoEmail);
  if (!user) {
    // Loaded on demand: the demo's seeding code is only needed when the demo account is missing.
    const { resetDemo } = await import('./demo');
    demoReset ??= resetDemo().finally(() => {
      demoReset = undefined;
    });
    const { userId } = await demoReset;
    user = await getUserById(userId);
    if (!user) throw new Error('The demo account could not be created');
  }
  return { token: await sessionToken(user) };
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
  return { token: await sessionToken({ _id: user._id, tokenVersion: user.tokenVersion + 1 }) };
}
