import { TransactionFailed, transactWrite } from '../../data/core/transact';
import { applyEmailChangeItems, undoEmailChangeItems } from '../../data/identity/email-change';
import { getToken, spendTokenItem } from '../../data/identity/tokens';
import { getUserById, type UserRecord } from '../../data/identity/users';
import { ValidationError } from '../../lib/errors';
import { linkError, nowSeconds } from '../shared/links';

/**
 * The two links of a change of address (audit fix 2; `changeEmail` in `account-emails.ts` asks
 * for it): the confirmation link to the new address puts it in force, the undo link to the old
 * one takes the account back and ends every session. Until the confirmation, sign-in, password
 * reset and every email stay with the old address.
 */

/** Puts a confirmed pending address in force (the confirmation link spent in the same transaction). */
export async function confirmPendingEmail(
  token: string,
  owner: UserRecord,
  pending: string,
): Promise<UserRecord> {
  try {
    await transactWrite([
      spendTokenItem(token, 'confirm', nowSeconds()),
      ...applyEmailChangeItems(owner, pending),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    // Another account took the address between the request and this link.
    if (error.conditionFailed(3)) throw new ValidationError('USER_EXISTS', { param: 'token' });
    throw await linkError(token, 'confirm');
  }
  const user = await getUserById(owner._id);
  if (!user) throw await linkError(token, 'confirm');
  return user;
}

export const EMAIL_CHANGE_UNDONE =
  'The change of your email address has been undone, and every session of your account has been signed out';

/**
 * Undoes a change of address with the link sent to the old one: a pending change is dropped, a
 * confirmed one reverted; either way every session ends (whoever changed it may hold one). Each
 * link works once and only while the account still holds the change it was sent for.
 */
export async function undoEmailChange(token: string): Promise<{ msg: string }> {
  const record = await getToken(token);
  if (record?.kind !== 'undo-email') throw await linkError(token, 'undo-email');
  const owner = await getUserById(record.userId);
  if (!owner) throw new ValidationError('UNDO_LINK_INVALID', { param: 'token' });
  const unchanged = owner.email.trim().toLowerCase() === record.email && owner.pendingEmail === undefined;
  if (unchanged) throw new ValidationError('UNDO_LINK_USED', { param: 'token' });
  try {
    await transactWrite([
      spendTokenItem(token, 'undo-email', nowSeconds()),
      ...undoEmailChangeItems(owner, record.address ?? record.email),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    if (error.conditionFailed(3)) throw new ValidationError('USER_EXISTS', { param: 'token' });
    throw await linkError(token, 'undo-email');
  }
  return { msg: EMAIL_CHANGE_UNDONE };
}
