import type { ApiTokenScope } from '../../../contract/security';
import { ConditionalCheckFailedException, ddb, QueryCommand, TABLE, UpdateCommand } from '../core/client';
import { apiTokenCountKey, apiTokenKey, apiTokensRange, userKey } from '../core/keys';
import { transact } from '../core/transact';
import { getProfileWith } from './sessions';
import type { UserRecord } from './users';

/**
 * API tokens (CONTRACT §8), in the user's partition, so account deletion removes them:
 *   token  PK=USER#<userId> SK=APITOKEN#<tokenId>  {name, scope, createdAt, lastUsedAt?, secretHash}
 *   count  PK=USER#<userId> SK=APITOKENS           {count}  (at most `MAX_API_TOKENS`)
 * Only the SHA-256 of a token's secret is stored; the token itself names its user and its id, so
 * a request signed in by one reads the profile and the token in one round trip.
 */

export interface ApiTokenRecord {
  tokenId: string;
  name: string;
  scope: ApiTokenScope;
  createdAt: string;
  lastUsedAt: string | null;
  /** Hex SHA-256 of the token's secret part. */
  secretHash: string;
  /** The account's `apiTokenVersion` when it was made (absent: 0); valid only while they match. */
  version: number;
}

const fromItem = (item: Record<string, unknown>): ApiTokenRecord => ({
  tokenId: item.tokenId as string,
  name: item.name as string,
  scope: item.scope === 'write' ? 'write' : 'read',
  createdAt: item.createdAt as string,
  lastUsedAt: typeof item.lastUsedAt === 'string' ? item.lastUsedAt : null,
  secretHash: item.secretHash as string,
  version: Number(item.version ?? 0),
});

/** Access pattern: a user's tokens, oldest first (ids are ULIDs). At most `limit`, which the count bounds. */
export async function listApiTokens(userId: string, limit: number): Promise<ApiTokenRecord[]> {
  const range = apiTokensRange();
  const out = await ddb.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':from': range.from, ':to': range.to },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(fromItem);
}

/**
 * Stores a new token: the count rises only while under `max`, only for a live account, and the
 * token item only if its id is new — all or nothing. Answers what refused it, if anything.
 */
export async function addApiToken(
  userId: string,
  token: ApiTokenRecord,
  max: number,
): Promise<'ok' | 'limit' | 'gone'> {
  const { lastUsedAt: _never, ...stored } = token;
  const result = await transact([
    {
      op: {
        ConditionCheck: {
          TableName: TABLE,
          Key: userKey(userId),
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt)',
        },
      },
      onConditionFailed: 'gone',
    },
    {
      op: {
        Update: {
          TableName: TABLE,
          Key: apiTokenCountKey(userId),
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':max': max },
        },
      },
      onConditionFailed: 'limit',
    },
    {
      op: {
        Put: {
          TableName: TABLE,
          Item: { ...apiTokenKey(userId, token.tokenId), ...stored },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      onConditionFailed: 'gone',
    },
  ]);
  if (result.ok) return 'ok';
  return result.failed.includes('gone') ? 'gone' : 'limit';
}

/** Deletes a token and lowers the count, both or neither; `false` when there was no such token. */
export async function removeApiToken(userId: string, tokenId: string): Promise<boolean> {
  const result = await transact([
    {
      op: {
        Delete: {
          TableName: TABLE,
          Key: apiTokenKey(userId, tokenId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      onConditionFailed: 'missing',
    },
    {
      op: {
        Update: {
          TableName: TABLE,
          Key: apiTokenCountKey(userId),
          UpdateExpression: 'ADD #count :minusOne',
          ConditionExpression: '#count > :zero',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
        },
      },
      onConditionFailed: 'missing',
    },
  ]);
  return result.ok;
}

/**
 * Access pattern of every request signed in by an API token: the profile and the token in one
 * strongly consistent round trip, so a deleted token is refused by the very next request.
 */
export async function getApiTokenState(
  userId: string,
  tokenId: string,
): Promise<{ user: UserRecord | undefined; token: ApiTokenRecord | undefined }> {
  const { user, other } = await getProfileWith(userId, apiTokenKey(userId, tokenId));
  return { user, token: other ? fromItem(other) : undefined };
}

/**
 * Records a use of a token — only when the last recorded one is older than `olderThan`, so a
 * script's burst of requests costs one write a minute, not one each. Never re-creates a deleted
 * token. Touches nothing but `lastUsedAt` (read-only functions are allowed exactly that).
 */
export async function recordApiTokenUse(
  userId: string,
  tokenId: string,
  now: string,
  olderThan: string,
): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: apiTokenKey(userId, tokenId),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :cutoff)',
        ExpressionAttributeValues: { ':now': now, ':cutoff': olderThan },
        ReturnValues: 'NONE',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Deletes the tokens made under another `apiTokenVersion` than `current` (revoked all at once by a
 * reset, a logout everywhere or a password change) and lowers the count with each; answers how many.
 * They are refused from the moment of the revocation already: this only tidies the list and the count.
 */
export async function dropRevokedApiTokens(userId: string, current: number): Promise<number> {
  const tokens = await listApiTokens(userId, 100);
  const revoked = tokens.filter((token) => token.version !== current);
  for (const token of revoked) await removeApiToken(userId, token.tokenId);
  return revoked.length;
}
