import { ConditionalCheckFailedException, DeleteCommand, ddb, TABLE, UpdateCommand } from '../core/client';
import { tombstoneAttributes } from '../core/deletions';
import { emailKey, userKey } from '../core/keys';
import type { TxItem } from '../core/transact';

import { fromUserItem, LIVE_USER_CONDITION, type UserRecord } from './users';

/**
 * The account's own changes as transaction items and writes: a password set or changed, an email
 * confirmed, premium, a name, the account's tombstone and its removal, every session ended.
 */

/**
 * The transaction item of a password reset: new hash, email proven (the link came by mail) and the
 * token version raised so every existing session ends. Only while the version is still the one the
 * reset link was issued for, so one reset voids the other links.
 */
export function setPasswordItem(userId: string, passwordHash: string, expectedVersion: number): TxItem {
  return {
    Update: {
      TableName: TABLE,
      Key: userKey(userId),
      // Every API token goes too (issue 35, item 4): a reset is how a taken-over account is recovered.
      UpdateExpression:
        'SET passwordHash = :hash, emailConfirmed = :true ADD tokenVersion :one, apiTokenVersion :one',
      ConditionExpression: `${LIVE_USER_CONDITION} AND tokenVersion = :version`,
      ExpressionAttributeValues: {
        ':hash': passwordHash,
        ':true': true,
        ':one': 1,
        ':version': expectedVersion,
      },
    },
  };
}

/**
 * The transaction item of a password change by the signed-in user: new hash and the token version
 * raised (every session ends; the caller signs a new token with the new version), and with
 * `revokeApiTokens` every API token's too. Only while the
 * version is still the one read, so two changes racing cannot both keep a session.
 */
export function changePasswordItem(
  userId: string,
  passwordHash: string,
  expectedVersion: number,
  revokeApiTokens: boolean,
): TxItem {
  return {
    Update: {
      TableName: TABLE,
      Key: userKey(userId),
      UpdateExpression: `SET passwordHash = :hash ADD tokenVersion :one${revokeApiTokens ? ', apiTokenVersion :one' : ''}`,
      ConditionExpression: `${LIVE_USER_CONDITION} AND tokenVersion = :version`,
      ExpressionAttributeValues: { ':hash': passwordHash, ':one': 1, ':version': expectedVersion },
    },
  };
}

/**
 * The transaction item that marks a user's email as confirmed — only while the address is still
 * the one the link was sent to (a link to an address the user has since left confirms nothing).
 */
export function confirmEmailItem(userId: string, email: string): TxItem {
  return {
    Update: {
      TableName: TABLE,
      Key: userKey(userId),
      UpdateExpression: 'SET emailConfirmed = :true',
      ConditionExpression: `${LIVE_USER_CONDITION} AND email = :email`,
      ExpressionAttributeValues: { ':true': true, ':email': email },
    },
  };
}

/** Sets the user's name and answers the updated user; `undefined` when the user is gone. */
export async function setUserName(userId: string, name: string): Promise<UserRecord | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: userKey(userId),
        UpdateExpression: 'SET #name = :name',
        ConditionExpression: LIVE_USER_CONDITION,
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? fromUserItem(out.Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** The transaction item that makes a user premium (voucher claim). */
export function setPremiumItem(userId: string): TxItem {
  return {
    Update: {
      TableName: TABLE,
      Key: userKey(userId),
      UpdateExpression: 'SET premium = :true',
      ConditionExpression: LIVE_USER_CONDITION,
      ExpressionAttributeValues: { ':true': true },
    },
  };
}

/**
 * The transaction items that delete an account for everyone at once: the profile becomes a
 * tombstone (`deletedAt`, listed in the pending-deletions index; name, email and password hash
 * removed; `tokenVersion` raised, so every token is refused), and the email guard goes, so nobody
 * can sign in with the address and it can sign up again at once — as a new account with a new id
 * and partition, which the old account's clean-up never touches. Item 0 failing means the account
 * is already being deleted.
 */
export function tombstoneUserItems(userId: string, email: string, deletedAt: string): [TxItem, TxItem] {
  const tombstone = tombstoneAttributes(userKey(userId), deletedAt);
  return [
    {
      Update: {
        TableName: TABLE,
        Key: userKey(userId),
        UpdateExpression:
          'SET deletedAt = :deletedAt, GSI1PK = :gpk, GSI1SK = :gsk REMOVE #name, email, passwordHash ADD tokenVersion :one',
        ConditionExpression: LIVE_USER_CONDITION,
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':deletedAt': tombstone.deletedAt,
          ':gpk': tombstone.GSI1PK,
          ':gsk': tombstone.GSI1SK,
          ':one': 1,
        },
      },
    },
    {
      Delete: {
        TableName: TABLE,
        Key: emailKey(email),
        ConditionExpression: 'attribute_not_exists(PK) OR userId = :userId',
        ExpressionAttributeValues: { ':userId': userId },
      },
    },
  ];
}

/**
 * The last step of an account's deletion, once its partition holds nothing else: removes the
 * tombstone. `false` when it was already gone.
 */
export async function removeUserTombstone(userId: string): Promise<boolean> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: TABLE,
        Key: userKey(userId),
        ConditionExpression: 'attribute_exists(deletedAt)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Ends every session and every API token of a user at once (logout everywhere): the auth check
 * refuses session tokens of an older `tokenVersion` and API tokens of an older `apiTokenVersion`.
 */
export async function revokeSessions(userId: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: userKey(userId),
      UpdateExpression: 'ADD tokenVersion :one, apiTokenVersion :one',
      ConditionExpression: LIVE_USER_CONDITION,
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/**
 * Notes on the profile that an email to the account was held back by the hourly cap, until `until`
 * (ISO): the account's answers show it while it lasts. Nothing when the account is gone.
 */
export async function noteMailHeld(userId: string, until: string): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: userKey(userId),
        UpdateExpression: 'SET mailHeldUntil = :until',
        ConditionExpression: LIVE_USER_CONDITION,
        ExpressionAttributeValues: { ':until': until },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
