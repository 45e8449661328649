import { ulid } from 'ulid';
import type { Language } from '../../contract/enums';
import type { User } from '../../contract/responses';
import { clearPartition } from '../data/account';
import { revokeToken } from '../data/sessions';
import { getToken, newToken, putTokenItem, spendTokenItem, type TokenKind } from '../data/tokens';
import { TransactionFailed, transactWrite } from '../data/transact';
import {
  changeEmailItems,
  changePasswordItem,
  confirmEmailItem,
  getUserByEmail,
  getUserById,
  getUserIdByEmail,
  newUserItems,
  removeUserTombstone,
  revokeSessions,
  setPasswordItem,
  setUserName,
  tombstoneUserItems,
  type UserRecord,
  type UserSettings,
  updateUserSettings,
} from '../data/users';
import { type Budget, budgetOf, REQUEST_BUDGET_MS } from '../lib/budget';
import { config } from '../lib/config';
import {
  type ApiErrorCode,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../lib/errors';
import { signToken } from '../lib/jwt';
import { logger } from '../lib/logger';
import { isCommonPassword } from './common-passwords';
import {
  confirmationEmail,
  emailChangeConfirmationEmail,
  emailChangedNotice,
  emailLanguage,
  passwordResetEmail,
  sendEmail,
} from './email';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { guardConfirmationRequest, guardLogin, guardResetRequest, guardSignup } from './rate-limit';
import { showUser } from './user-view';

/**
 * Accounts and sessions: signup, login, the demo login, email confirmation, password reset,
 * settings, export and deletion. No HTTP here — handlers pass validated input and get values or
 * typed errors back.
 */

/** Reset links are valid for one hour (CONTRACT §2); confirmation links for a week. */
export const RESET_TOKEN_TTL_SECONDS = 3600;
export const CONFIRM_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const isDemoEmail = (email: string) => email.trim().toLowerCase() === config.demoEmail.toLowerCase();

/** 403 for the shared demo account, which nobody may delete or take over. */
export function assertNotDemo(user: Pick<UserRecord, 'isDemo' | 'email'>): void {
  if (user.isDemo || isDemoEmail(user.email)) {
    throw new ForbiddenError('DEMO_READ_ONLY_ACCOUNT_SETTINGS');
  }
}

const session = (user: Pick<UserRecord, '_id' | 'tokenVersion'>) =>
  signToken({ sub: user._id, ver: user.tokenVersion });

/** 400 for a password on the list of the most common ones (ASVS 5.0 §6.2.4), under the given field. */
function assertNotCommon(password: string, param: string): void {
  if (isCommonPassword(password)) throw new ValidationError('PASSWORD_TOO_COMMON', { param });
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  /** The language the app was showing at signup: the confirmation email's. */
  language?: Language | undefined;
}

/**
 * Creates an account and answers a session token. The email's uniqueness (in any letter case) is
 * enforced by the guard item's condition inside the creating transaction, not by a prior read, so
 * two simultaneous signups for one address cannot both succeed. Sends the confirmation email.
 */
export async function registerUser(
  input: Registration,
  sourceIp: string,
): Promise<{ token: string; userId: string }> {
  assertNotCommon(input.password, 'password');
  await guardSignup(sourceIp);
  const email = input.email.trim();
  // The demo address is reserved: whoever registered it would own the shared demo account.
  if (isDemoEmail(email) || (await getUserIdByEmail(email))) {
    throw new ValidationError('USER_EXISTS', { param: 'email' });
  }
  const user: UserRecord = {
    _id: ulid(), // sortable and opaque, like every other id
    name: input.name.trim(),
    email,
    hasSeenTutorial: false,
    currency: 'EUR',
    numberFormat: 'en-US',
    // Not a choice yet: the app keeps following the browser until the user picks one.
    language: null,
    premium: false,
    enableEmbedding: false,
    showPoweredBy: true,
    emailConfirmed: false,
    isDemo: false,
    createdAt: new Date().toISOString(),
    passwordHash: await hashPassword(input.password),
    tokenVersion: 0,
  };
  const token = newToken(user._id);
  try {
    await transactWrite([
      ...newUserItems(user),
      putTokenItem(token, {
        kind: 'confirm',
        userId: user._id,
        email: email.toLowerCase(),
        tokenVersion: 0,
        expiresAt: nowSeconds() + CONFIRM_TOKEN_TTL_SECONDS,
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(1)) {
      throw new ValidationError('USER_EXISTS', { param: 'email' });
    }
    throw error;
  }
  await sendEmail(confirmationEmail(user.name, email, token, emailLanguage(user.language, input.language)));
  return { token: await session(user), userId: user._id };
}

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
  return { token: await session(user), userId: user._id };
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
  return { token: await session(user) };
}

type LinkError = { invalid: ApiErrorCode; used: ApiErrorCode; expired: ApiErrorCode };
const LINK_ERRORS: Record<TokenKind, LinkError> = {
  confirm: { invalid: 'CONFIRM_LINK_INVALID', used: 'CONFIRM_LINK_USED', expired: 'CONFIRM_LINK_EXPIRED' },
  reset: { invalid: 'RESET_LINK_INVALID', used: 'RESET_LINK_USED', expired: 'RESET_LINK_EXPIRED' },
};

/** Explains why a link cannot be used (after the spending transaction refused it). */
async function linkError(token: string, kind: TokenKind, email?: string): Promise<ValidationError> {
  const record = await getToken(token);
  const messages = LINK_ERRORS[kind];
  const param = kind === 'reset' ? 'resetToken' : 'token';
  if (
    !record ||
    record.kind !== kind ||
    (email !== undefined && record.email !== email.trim().toLowerCase())
  ) {
    return new ValidationError(messages.invalid, { param });
  }
  if (record.usedAt) return new ValidationError(messages.used, { param });
  if (record.expiresAt <= nowSeconds()) return new ValidationError(messages.expired, { param });
  return new ValidationError(messages.invalid, { param });
}

/** Confirms the email address behind a confirmation link and answers the user. Each link works once. */
export async function confirmEmail(token: string): Promise<User> {
  const record = await getToken(token);
  if (record?.kind !== 'confirm') throw await linkError(token, 'confirm');
  const owner = await getUserById(record.userId);
  // A link to an address the account has since left (email changed) confirms nothing.
  if (!owner || owner.email.trim().toLowerCase() !== record.email) {
    throw new ValidationError(LINK_ERRORS.confirm.invalid, { param: 'token' });
  }
  try {
    await transactWrite([
      spendTokenItem(token, 'confirm', nowSeconds()),
      confirmEmailItem(record.userId, owner.email),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed) throw await linkError(token, 'confirm');
    throw error;
  }
  const user = await getUserById(record.userId);
  if (!user) throw await linkError(token, 'confirm');
  return showUser(user);
}

export const RESET_REQUESTED = 'If that address belongs to an account, an email has been sent to it';

/**
 * Sends a password reset link to a registered address. The answer is the same for unknown
 * addresses, so it cannot be used to find out who has an account — neither by its words nor by
 * its timing: every answer waits until `config.forgotPasswordFloorMs` after the request began.
 * A known address costs a token write and an SES call that an unknown one does not; a Lambda in
 * buffered mode cannot send after answering, and doing that work for unknown addresses too would
 * still leave SES's own latency to tell them apart. So the floor sits above the known path's slow
 * tail, and a known path slower than the floor is logged (`forgot-password exceeded its floor`) so
 * an operator sees when it must be raised.
 */
export async function requestPasswordReset(email: string, language?: Language): Promise<{ msg: string }> {
  const startedAt = performance.now();
  try {
    return await sendResetLink(email, language);
  } finally {
    const elapsed = performance.now() - startedAt;
    const floor = config.forgotPasswordFloorMs;
    if (elapsed > floor)
      logger.warn('forgot-password exceeded its floor', { elapsedMs: Math.round(elapsed), floorMs: floor });
    else await new Promise((resolve) => setTimeout(resolve, floor - elapsed));
  }
}

async function sendResetLink(email: string, language?: Language): Promise<{ msg: string }> {
  if (isDemoEmail(email)) throw new ForbiddenError('DEMO_READ_ONLY_ACCOUNT_SETTINGS');
  await guardResetRequest(email);
  const user = await getUserByEmail(email);
  if (user && !user.isDemo) {
    const token = newToken(user._id);
    await transactWrite([
      putTokenItem(token, {
        kind: 'reset',
        userId: user._id,
        email: user.email.toLowerCase(),
        tokenVersion: user.tokenVersion,
        expiresAt: nowSeconds() + RESET_TOKEN_TTL_SECONDS,
      }),
    ]);
    await sendEmail(passwordResetEmail(user.name, user.email, token, emailLanguage(user.language, language)));
  }
  return { msg: RESET_REQUESTED };
}

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
  assertNotCommon(input.password, 'password');
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
  return { msg: 'Your password has been reset!' };
}

/**
 * Ends the session of this token (its id goes on the deny-list until the token would expire) or,
 * `everywhere`, every session of the account (the token version rises). The demo account is
 * shared, so it may end only its own session.
 */
export async function logout(
  user: UserRecord,
  session: { id: string; expiresAt: number },
  everywhere: boolean,
): Promise<void> {
  if (everywhere) {
    assertNotDemo(user);
    await revokeSessions(user._id);
  } else {
    await revokeToken(user._id, session.id, session.expiresAt);
  }
}

/**
 * Checks the signed-in user's password before a change of email or password. Wrong guesses count
 * against the failed-login limits of the account's address and of the caller's address, so a
 * stolen session cannot be used to guess the password either.
 */
async function assertPassword(user: UserRecord, password: string, sourceIp: string, param: string) {
  const guard = await guardLogin(user.email, sourceIp);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new ValidationError('WRONG_PASSWORD', { param });
  }
  await guard.succeeded();
}

/** Changes the user's name and answers the updated user. */
export async function changeName(user: UserRecord, name: string): Promise<User> {
  assertNotDemo(user);
  const updated = await setUserName(user._id, name.trim());
  if (!updated) throw new NotFoundError('USER_NOT_FOUND');
  return showUser(updated);
}

/**
 * Moves the account to a new address after checking the password: the profile, both email guards
 * and a confirmation link for the new address change in one transaction, so the address is never
 * held by two accounts nor lost. The new address is unconfirmed until its link is opened; the old
 * one is told of the change.
 */
export async function changeEmail(
  user: UserRecord,
  input: { email: string; password: string },
  sourceIp: string,
): Promise<User> {
  assertNotDemo(user);
  const email = input.email.trim();
  if (email.toLowerCase() === user.email.trim().toLowerCase()) {
    throw new ValidationError('EMAIL_UNCHANGED', { param: 'email' });
  }
  if (isDemoEmail(email)) throw new ValidationError('USER_EXISTS', { param: 'email' });
  await assertPassword(user, input.password, sourceIp, 'password');
  const token = newToken(user._id);
  try {
    await transactWrite([
      ...changeEmailItems(user, email),
      putTokenItem(token, {
        kind: 'confirm',
        userId: user._id,
        email: email.toLowerCase(),
        tokenVersion: user.tokenVersion,
        expiresAt: nowSeconds() + CONFIRM_TOKEN_TTL_SECONDS,
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(2)) {
      throw new ValidationError('USER_EXISTS', { param: 'email' });
    }
    throw error;
  }
  await Promise.all([
    sendEmail(emailChangeConfirmationEmail(user.name, email, token, emailLanguage(user.language))),
    sendEmail(emailChangedNotice(user.name, user.email, email, emailLanguage(user.language))),
  ]);
  return showUser({ ...user, email, emailConfirmed: false });
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
  assertNotCommon(input.password, 'password');
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
  return { token: await session({ _id: user._id, tokenVersion: user.tokenVersion + 1 }) };
}

export const CONFIRMATION_SENT = 'A new confirmation link has been sent to your email address';

/** Sends a new confirmation link to the account's address; limited like reset requests. */
export async function resendConfirmation(user: UserRecord): Promise<{ msg: string }> {
  assertNotDemo(user);
  if (user.emailConfirmed) throw new ValidationError('EMAIL_ALREADY_CONFIRMED');
  await guardConfirmationRequest(user.email);
  const token = newToken(user._id);
  await transactWrite([
    putTokenItem(token, {
      kind: 'confirm',
      userId: user._id,
      email: user.email.trim().toLowerCase(),
      tokenVersion: user.tokenVersion,
      expiresAt: nowSeconds() + CONFIRM_TOKEN_TTL_SECONDS,
    }),
  ]);
  await sendEmail(confirmationEmail(user.name, user.email, token));
  return { msg: CONFIRMATION_SENT };
}

/** Changes the user's settings and answers the updated user; only premium users may hide "Powered by". */
export async function changeSettings(user: UserRecord, settings: UserSettings): Promise<User> {
  if (settings.showPoweredBy === false && !user.premium) {
    throw new ForbiddenError('PREMIUM_REQUIRED');
  }
  const updated = await updateUserSettings(user._id, settings);
  if (!updated) throw new NotFoundError('USER_NOT_FOUND');
  return showUser(updated);
}

/**
 * How long after an account's deletion its partition may still receive a write: a request that
 * was authenticated just before the deletion runs on for at most its function's timeout (29 s at
 * most, `infra/stack.ts`). The tombstone is removed only after a sweep that began after this.
 */
export const ACCOUNT_WRITE_GRACE_MS = 60_000;

/**
 * Deletes the account. ONE transaction makes the profile a tombstone (tokens refused, name, email
 * and password hash gone) and removes the email guard, so the account is unusable at once and its
 * address can sign up again at once (a new account in a new partition). Everything else of it is
 * then deleted within the request's time budget; what remains, and finally the tombstone, is left
 * to the scheduled sweep (`sweepDeletions`).
 */
export async function deleteAccount(
  user: UserRecord,
  budget: Budget = budgetOf(REQUEST_BUDGET_MS),
  now = new Date(),
): Promise<{ msg: string }> {
  assertNotDemo(user);
  const deletedAt = now.toISOString();
  try {
    await transactWrite(tombstoneUserItems(user._id, user.email, deletedAt));
  } catch (error) {
    // Already being deleted (two DELETEs sent together): the first one's deletion stands.
    if (!(error instanceof TransactionFailed && error.conditionFailed(0))) throw error;
    return { msg: 'User deleted' };
  }
  await finishAccountDeletion(user._id, deletedAt, budget, now.getTime());
  return { msg: 'User deleted' };
}

/**
 * Continues a pending account deletion within `budget`: deletes everything of the partition but the
 * tombstone, and the tombstone too once `ACCOUNT_WRITE_GRACE_MS` have passed since `deletedAt` (so
 * no late write of an old request can land after it). `true` when nothing of the account is left.
 */
export async function finishAccountDeletion(
  userId: string,
  deletedAt: string,
  budget: Budget,
  now = Date.now(),
): Promise<boolean> {
  if (!(await clearPartition(userId, ['profile'], budget))) return false;
  if (now < Date.parse(deletedAt) + ACCOUNT_WRITE_GRACE_MS) return false;
  await removeUserTombstone(userId);
  return true;
}

/** The export's file name: `timeledger-<name-slug>-<yyyy-mm-dd>.json`. */
export function exportFileName(name: string, at: Date): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'user';
  return `timeledger-${slug}-${at.toISOString().slice(0, 10)}.json`;
}
