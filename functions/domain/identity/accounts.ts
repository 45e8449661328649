import type { NumberFormat } from '../../../contract/enums';
import type { User } from '../../../contract/responses';
import { TransactionFailed, transactWrite } from '../../data/core/transact';
import { clearPartition } from '../../data/identity/account';
import { revokeToken } from '../../data/identity/sessions';
import { getToken, spendTokenItem } from '../../data/identity/tokens';
import {
  confirmEmailItem,
  removeUserTombstone,
  revokeSessions,
  setUserName,
  tombstoneUserItems,
} from '../../data/identity/user-writes';
import {
  getUserById,
  type UserRecord,
  type UserSettings,
  updateUserSettings,
} from '../../data/identity/users';
import { type Budget, budgetOf, REQUEST_BUDGET_MS } from '../../lib/budget';
import { config } from '../../lib/config';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { LINK_ERRORS, linkError, nowSeconds } from '../shared/links';
import { dropAccountMailCounter } from '../shared/mail-windows';
import { removeAccountFiles } from './account-files';
import { tidyRevokedApiTokens } from './api-tokens';
import { assertSecondFactor } from './code-guard';
import { confirmPendingEmail } from './email-change';
import { withSignInTurn } from './hash-slots';
import { verifyPassword } from './passwords';
import { checkedUnder, guardLogin } from './rate-limit';
import { showUser } from './user-view';

/**
 * Accounts: email confirmation, name and settings, logout, export and deletion, and the checks the
 * other account operations share. No HTTP here — handlers pass validated input and get values or
 * typed errors back.
 *
 * The operations that sign a session token are in `sign-in.ts`, those that send an email in
 * `account-emails.ts` and `password-reset.ts`, signup and password change (both) in `signup.ts`
 * and `password-change.ts`: signing loads the Secrets Manager client and mail the SES client, so
 * a function that does neither must not import them through this module.
 */

/** Reset links are valid for one hour, so a leaked link is soon useless; confirmation links for a week. */
export const RESET_TOKEN_TTL_SECONDS = 3600;
export const CONFIRM_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export { nowSeconds } from '../shared/links';

/** Whether an address is the shared demo account's, which nobody may register or take over. */
export const isDemoEmail = (email: string) => email.trim().toLowerCase() === config.demoEmail.toLowerCase();

/** 403 for the shared demo account, which nobody may delete or take over. */
export function assertNotDemo(user: Pick<UserRecord, 'isDemo' | 'email'>): void {
  if (user.isDemo || isDemoEmail(user.email)) {
    throw new ForbiddenError('DEMO_READ_ONLY_ACCOUNT_SETTINGS');
  }
}

/**
 * Checks the signed-in user's password before a change of email or password. Wrong guesses count
 * against the failed-login limits of the account's address and of the caller's address, so a
 * stolen session cannot be used to guess the password either.
 */
export function assertPassword(
  user: UserRecord,
  password: string,
  sourceIp: string,
  param: string,
): Promise<void> {
  return withSignInTurn(() => checkPassword(user, password, sourceIp, param));
}

async function checkPassword(
  user: UserRecord,
  password: string,
  sourceIp: string,
  param: string,
): Promise<void> {
  const guard = await guardLogin(user.email, sourceIp);
  if (!(await checkedUnder(guard, () => verifyPassword(password, user.passwordHash)))) {
    throw new ValidationError('WRONG_PASSWORD', { param });
  }
  await guard.succeeded();
}

/** Confirms the email address behind a confirmation link and answers the user. Each link works once. */
export async function confirmEmail(token: string): Promise<User> {
  const record = await getToken(token);
  if (record?.kind !== 'confirm') throw await linkError(token, 'confirm');
  const owner = await getUserById(record.userId);
  // The link of a pending change of address: confirming it puts the new address in force.
  if (owner?.pendingEmail !== undefined && owner.pendingEmail.trim().toLowerCase() === record.email) {
    return showUser(await confirmPendingEmail(token, owner, owner.pendingEmail));
  }
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
    await tidyRevokedApiTokens(user._id);
  } else {
    await revokeToken(user._id, session.id, session.expiresAt);
  }
}

/** Changes the user's name and answers the updated user. */
export async function changeName(user: UserRecord, name: string): Promise<User> {
  assertNotDemo(user);
  const updated = await setUserName(user._id, name.trim());
  if (!updated) throw new NotFoundError('USER_NOT_FOUND');
  return showUser(updated);
}

/** Changes the user's settings and answers the updated user; only premium users may hide "Powered by". */
export async function changeSettings(user: UserRecord, settings: UserSettings): Promise<User> {
  if (settings.showPoweredBy === false && !user.premium) {
    throw new ForbiddenError('PREMIUM_REQUIRED');
  }
  const updated = await updateUserSettings(user._id, {
    ...settings,
    ...numberFormatFollowing(user, settings),
  });
  if (!updated) throw new NotFoundError('USER_NOT_FOUND');
  return showUser(updated);
}

/** The number format each language brings, while the user has not set one. */
const LANGUAGE_NUMBER_FORMAT = { en: 'en-US', de: 'de-DE' } as const satisfies Record<string, NumberFormat>;

/**
 * The number format follows the language until the user sets one (issue 34, item 11): German
 * brings de-DE (€2.470,00), English en-US. Setting one is a choice kept from then on; so is any
 * format that is no language's own (en-GB, en-ZA), set before choices were recorded.
 */
function numberFormatFollowing(
  user: UserRecord,
  settings: UserSettings,
): { numberFormat?: NumberFormat; numberFormatChosen?: boolean } {
  if (settings.numberFormat !== undefined) return { numberFormatChosen: true };
  if (!settings.language || user.numberFormatChosen) return {};
  const own: readonly NumberFormat[] = Object.values(LANGUAGE_NUMBER_FORMAT);
  return own.includes(user.numberFormat) ? { numberFormat: LANGUAGE_NUMBER_FORMAT[settings.language] } : {};
}

/**
 * How long after an account's deletion its partition may still receive a write: a request that
 * was authenticated just before the deletion runs on for at most its function's timeout (29 s at
 * most, `infra/stack.ts`). The tombstone is removed only after a sweep that began after this.
 */
export const ACCOUNT_WRITE_GRACE_MS = 60_000;

/**
 * Deletes the account, once the password (and with 2FA on a code) is given again. ONE transaction makes the profile a tombstone (tokens refused, name, email
 * and password hash gone) and removes the email guard, so the account is unusable at once and its
 * address can sign up again at once (a new account in a new partition). Everything else of it is
 * then deleted within the request's time budget; what remains, and finally the tombstone, is left
 * to the scheduled sweep (`sweepDeletions`).
 */
export async function deleteAccount(
  user: UserRecord,
  proof: { password: string; code?: string | undefined; sourceIp: string },
  budget?: Budget,
  now?: Date,
): Promise<{ msg: string }> {
  assertNotDemo(user);
  // The password again, and a code with 2FA on (issue 34, item 10): a session left open is not enough.
  await assertPassword(user, proof.password, proof.sourceIp, 'password');
  if (user.twoFactor) await assertSecondFactor(user, proof.code, proof.sourceIp);
  // The clean-up's time starts once the password is checked (hashing it takes a good part of a second).
  return removeAccount(user, budget ?? budgetOf(REQUEST_BUDGET_MS), now ?? new Date());
}

async function removeAccount(user: UserRecord, budget: Budget, now: Date): Promise<{ msg: string }> {
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
  // The receipts' files, found by their prefix: a deletion resumed by the sweep finds what is left.
  if (!(await removeAccountFiles(userId, budget))) return false;
  if (!(await clearPartition(userId, ['profile'], budget))) return false;
  // The hourly mail counter is keyed by the account, outside its partition (`shared/mail-cap.ts`).
  await dropAccountMailCounter(userId, now);
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
