import { ddb, GetCommand, TABLE } from './client';
import { countersKey } from './keys';
import type { TxItem } from './transact';

/**
 * Usage counters for the free limits: one item per user, `USER#<userId>` / `COUNTERS`, holding
 * `projectCount` and `activityCount` (time and finance together). They change only inside the
 * transaction that adds or removes a project or an activity; a free user's limit is a condition on
 * this item in that same transaction, so concurrent creates can never pass it together.
 */
export { countersKey } from './keys';

export interface Counters {
  projectCount: number;
  activityCount: number;
}

/** The counters item (pure; for bulk seeding). */
export function toCountersItem(userId: string, counters: Counters): Record<string, unknown> {
  return { ...countersKey(userId), type: 'COUNTERS', userId, ...counters };
}

/** Access pattern: a user's counters (zeros when the user never wrote anything). */
export async function getCounters(userId: string): Promise<Counters> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: countersKey(userId), ConsistentRead: true }),
  );
  return {
    projectCount: Number(out.Item?.projectCount ?? 0),
    activityCount: Number(out.Item?.activityCount ?? 0),
  };
}

function countOp(
  userId: string,
  attribute: keyof Counters,
  delta: number,
  limit: number | undefined,
): TxItem {
  const limited = limit !== undefined && delta > 0;
  return {
    Update: {
      TableName: TABLE,
      Key: countersKey(userId),
      UpdateExpression: 'SET #type = :type, #userId = :userId ADD #count :delta',
      ExpressionAttributeNames: { '#type': 'type', '#userId': 'userId', '#count': attribute },
      ExpressionAttributeValues: {
        ':type': 'COUNTERS',
        ':userId': userId,
        ':delta': delta,
        // After the ADD the count must still be within the limit: before it, below `limit - delta + 1`.
        ...(limited ? { ':max': limit - delta } : {}),
      },
      // A missing count is 0, which passes unless the limit itself is below `delta` (a limit of 0).
      ...(limited
        ? {
            ConditionExpression:
              limit - delta >= 0 ? 'attribute_not_exists(#count) OR #count <= :max' : '#count <= :max',
          }
        : {}),
    },
  };
}

/**
 * Transaction item that changes the project count by `delta`; with `limit` (free users) it fails
 * its condition when the count would pass the limit.
 */
export const countProjectsOp = (userId: string, delta: number, limit?: number) =>
  countOp(userId, 'projectCount', delta, limit);

/** Transaction item that changes the activity count (time and finance together) by `delta`. */
export const countActivitiesOp = (userId: string, delta: number, limit?: number) =>
  countOp(userId, 'activityCount', delta, limit);
