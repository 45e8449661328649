import { TABLE } from '../core/client';
import { emailKey, userKey } from '../core/keys';
import type { TxItem } from '../core/transact';
import type { UserRecord } from './users';

/**
 * A change of a user's address in two steps (audit fix 2): asking for it only records the new
 * address as `pendingEmail` on the profile; the old address, its email guard and its sign-in stay
 * in force until the new address's link confirms it. Then the profile, both guards move in one
 * transaction. An undo link sent to the old address takes the account back to it, before or after
 * the confirmation, and ends every session. Items are only built here; `domain/identity/email-change.ts`
 * runs them with the token they spend.
 */

const LIVE_USER = 'attribute_exists(PK) AND attribute_not_exists(deletedAt)';

/** Records the new address as pending (only while the profile still holds `user.email`). */
export function requestEmailChangeItem(user: Pick<UserRecord, '_id' | 'email'>, newEmail: string): TxItem {
  return {
    Update: {
      TableName: TABLE,
      Key: userKey(user._id),
      UpdateExpression: 'SET pendingEmail = :new',
      ConditionExpression: `${LIVE_USER} AND email = :old`,
      ExpressionAttributeValues: { ':new': newEmail.trim(), ':old': user.email },
    },
  };
}

/** The guard items that move an account from one address to another: item 1 failing = the address is taken. */
function moveGuardItems(userId: string, from: string, to: string): [TxItem, TxItem] {
  return [
    {
      Delete: {
        TableName: TABLE,
        Key: emailKey(from),
        ConditionExpression: 'attribute_not_exists(PK) OR userId = :userId',
        ExpressionAttributeValues: { ':userId': userId },
      },
    },
    {
      Put: {
        TableName: TABLE,
        Item: { ...emailKey(to), userId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/**
 * Puts the confirmed pending address in force: the profile takes it (confirmed, since its link was
 * opened) while it is still the pending one, the guards move, and every session ends (the token
 * version rises), so whoever asked for the change signs in again with the address now in force.
 * Item 2 failing: someone else took the address meanwhile.
 */
export function applyEmailChangeItems(user: Pick<UserRecord, '_id' | 'email'>, pending: string): TxItem[] {
  return [
    {
      Update: {
        TableName: TABLE,
        Key: userKey(user._id),
        UpdateExpression:
          'SET email = :new, emailConfirmed = :true REMOVE pendingEmail ADD tokenVersion :one',
        ConditionExpression: `${LIVE_USER} AND email = :old AND pendingEmail = :new`,
        ExpressionAttributeValues: { ':new': pending, ':old': user.email, ':true': true, ':one': 1 },
      },
    },
    ...moveGuardItems(user._id, user.email, pending),
  ];
}

/**
 * Takes the account back to `oldEmail` and ends every session (the token version rises): a pending
 * change is dropped; a confirmed one is reverted, the guards moving back (item 2 failing: the old
 * address was taken by another account meanwhile).
 */
export function undoEmailChangeItems(user: Pick<UserRecord, '_id' | 'email'>, oldEmail: string): TxItem[] {
  const reverting = user.email.trim().toLowerCase() !== oldEmail.trim().toLowerCase();
  return [
    {
      Update: {
        TableName: TABLE,
        Key: userKey(user._id),
        UpdateExpression: reverting
          ? 'SET email = :old, emailConfirmed = :true REMOVE pendingEmail ADD tokenVersion :one'
          : 'REMOVE pendingEmail ADD tokenVersion :one',
        ConditionExpression: `${LIVE_USER} AND email = :current`,
        ExpressionAttributeValues: {
          ':current': user.email,
          ':one': 1,
          ...(reverting ? { ':old': oldEmail, ':true': true } : {}),
        },
      },
    },
    ...(reverting ? moveGuardItems(user._id, user.email, oldEmail) : []),
  ];
}
