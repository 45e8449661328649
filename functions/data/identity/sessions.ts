import { BatchGetCommand, ddb, PutCommand, TABLE } from '../core/client';
import { revokedKey, type TableKey, userKey } from '../core/keys';
import { AGAIN, retrying, SESSION_RETRY } from '../core/retry';
import { fromUserItem, type UserRecord } from './users';

/**
 * Session revocation. A session is a signed token (`functions/lib/jwt.ts`) that names the user,
 * the user's `tokenVersion` and an id of its own (`jti`). Ending every session of a user raises
 * `tokenVersion` (`users.ts`); ending one session puts its id on a deny-list:
 *   PK=USER#<userId>  SK=REVOKED#<jti>   {expiresAt = the token's own expiry}
 * Past the token's expiry the entry is useless (the signature check refuses the token anyway), so
 * TTL removes it: the list never holds more than the logouts of one token lifetime. It sits in the
 * user's partition, so account deletion removes it with everything else.
 */
export { revokedKey } from '../core/keys';

/** Ends one session: its token is refused from the next request on. */
export async function revokeToken(userId: string, jti: string, expiresAt: number): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: TABLE,
      Item: { ...revokedKey(userId, jti), expiresAt, revokedAt: new Date().toISOString() },
    }),
  );
}

export interface SessionState {
  user: UserRecord | undefined;
  /** The token's id is on the deny-list (and not yet past its expiry). */
  revoked: boolean;
}

/**
 * Access pattern of every signed-in request: the profile and one other item of the user's
 * partition (the token's deny-list entry, or an API token) in ONE BatchGetItem — one round trip,
 * as the profile alone took before. Both reads are strongly consistent, so a logout, password
 * change or deleted API token is refused by the very next request whatever replica it reaches:
 * 1 read unit each (an absent item costs one too). Unprocessed keys (throttling) are asked again.
 */
export async function getProfileWith(
  userId: string,
  other: TableKey,
): Promise<{ user: UserRecord | undefined; other: Record<string, unknown> | undefined }> {
  const profile = userKey(userId);
  let keys: Record<string, unknown>[] = [profile, other];
  const found: Record<string, unknown>[] = [];
  await retrying(
    SESSION_RETRY,
    async () => {
      const out = await ddb.send(
        new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: keys, ConsistentRead: true } } }),
      );
      found.push(...(out.Responses?.[TABLE] ?? []));
      keys = (out.UnprocessedKeys?.[TABLE]?.Keys as Record<string, unknown>[] | undefined) ?? [];
      return keys.length > 0 ? AGAIN : undefined;
    },
    () => new Error('The session could not be read (throttled)'),
  );
  const profileItem = found.find((item) => item.SK === profile.SK);
  return {
    // A deleted account's profile stays as a tombstone until its clean-up ends: no session.
    user: profileItem && profileItem.deletedAt === undefined ? fromUserItem(profileItem) : undefined,
    other: found.find((item) => item.SK === other.SK),
  };
}

/** The profile and the session token's deny-list entry (see `getProfileWith`). */
export async function getSessionState(userId: string, jti: string): Promise<SessionState> {
  const { user, other } = await getProfileWith(userId, revokedKey(userId, jti));
  return { user, revoked: other !== undefined };
}
