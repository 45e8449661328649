import { getUserByEmail, type UserRecord } from '../../data/identity/users';
import { UnauthorizedError, ValidationError } from '../../lib/errors';
import { signToken } from '../../lib/jwt';
import { guardTwoFactorCode } from './code-guard';
import { withSignInTurn } from './hash-slots';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { checkedUnder, guardLogin } from './rate-limit';
import { spendSecondFactor } from './second-factor';

/**
 * The account operations that answer a new session token: login and the demo login (`signup.ts`
 * signs a new account's first one, `password-change.ts` a changed password's, with `sessionToken`).
 * Signing needs the secret from Secrets Manager, whose client only the functions that sign or
 * verify tokens load.
 */

/** A new session token for the user, valid until its expiry or the next raise of its token version. */
export const sessionToken = (user: Pick<UserRecord, '_id' | 'tokenVersion'>) =>
  signToken({ sub: user._id, ver: user.tokenVersion });

/**
 * Checks email and password and answers a session token. Unknown email and wrong password give the
 * same 400 'Invalid Credentials' after the same amount of hashing work. Failed attempts count
 * against the email and the source address (429 past the limits).
 */
export function login(
  email: string,
  password: string,
  sourceIp: string,
  code?: string,
): Promise<{ token: string; userId: string }> {
  return withSignInTurn(() => checkLogin(email, password, sourceIp, code));
}

async function checkLogin(
  email: string,
  password: string,
  sourceIp: string,
  code: string | undefined,
): Promise<{ token: string; userId: string }> {
  const guard = await guardLogin(email, sourceIp);
  const user = await getUserByEmail(email);
  const ok = await checkedUnder(guard, () =>
    user ? verifyPassword(password, user.passwordHash) : verifyAgainstDummy(password),
  );
  if (!user || !ok) {
    const error = new ValidationError('INVALID_CREDENTIALS');
    if (user) error.userId = user._id;
    throw error;
  }
  if (user.twoFactor) await checkSecondFactor(user, code, guard);
  await guard.succeeded();
  return { token: await sessionToken(user), userId: user._id };
}

/**
 * The second factor of an account with 2FA on (CONTRACT §8): no code is 401
 * `TWO_FACTOR_REQUIRED` — the right password is not a failure, so its slot is given back — and a
 * wrong or used one 401 `TWO_FACTOR_INVALID`, which keeps its slot: it counts as a failed login,
 * and against the account's wrong codes (`code-guard.ts`: 429 past them, from any address).
 */
async function checkSecondFactor(
  user: UserRecord,
  code: string | undefined,
  guard: { succeeded(): Promise<void> },
): Promise<void> {
  if (code === undefined) {
    await guard.succeeded();
    throw withUser(new UnauthorizedError('TWO_FACTOR_REQUIRED'), user);
  }
  // Per account too (issue 35, item 3): 429 once too many wrong codes came from anywhere.
  const codeGuard = await guardTwoFactorCode(user);
  if (!(await spendSecondFactor(user._id, code))) {
    await codeGuard.failed();
    throw withUser(new UnauthorizedError('TWO_FACTOR_INVALID'), user);
  }
  await codeGuard.succeeded();
}

const withUser = (error: UnauthorizedError, user: UserRecord) => {
  error.userId = user._id;
  return error;
};
