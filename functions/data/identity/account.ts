import type { Budget } from '../../lib/budget';
import { deleteItems } from '../core/batch';
import { ddb, QueryCommand, TABLE } from '../core/client';
import { DEMO_LOCK_SK, PROFILE_SK, projectIdGuardKey, projectIdOfSortKey, userPartition } from '../core/keys';

/** Items of a partition a wipe can keep: the profile (an account's tombstone, the demo's profile), the demo's reset lease. */
export type KeptItem = 'profile' | 'demo-lock';
const KEPT_SK: Record<KeptItem, string> = { profile: PROFILE_SK, 'demo-lock': DEMO_LOCK_SK };
const keptSortKeys = (keep: readonly KeptItem[]) => keep.map((k) => KEPT_SK[k]);

/**
 * Partition-wide access to everything a user owns. Every item of a user — profile, projects,
 * activities, rollups, counters, task indexes, email tokens — lives in `USER#<userId>`, so export
 * and account deletion are a paginated Query of one partition, whatever other modules store there.
 */
type Item = Record<string, unknown>;

/** Access pattern: every item of a user, page by page (export, deletion). */
export async function* partitionPages(
  userId: string,
  options: { keysOnly?: boolean } = {},
): AsyncGenerator<Item[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': userPartition(userId) },
        ...(options.keysOnly ? { ProjectionExpression: 'PK, SK' } : {}),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    yield out.Items ?? [];
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}

/**
 * Deletes every item of a user's partition except the sort keys in `keep`, and repeats until a
 * read finds nothing left, so an item written while the sweep ran is caught by the next pass.
 * Answers the number of items deleted.
 */
export async function deletePartition(userId: string, keep: readonly KeptItem[] = []): Promise<number> {
  let deleted = 0;
  for (let pass = 0; pass < 5; pass++) {
    const found = await deletePass(userId, keptSortKeys(keep), NO_LIMIT);
    deleted += found ?? 0;
    if (found === 0) break;
  }
  return deleted;
}

const NO_LIMIT: Budget = { deadline: Number.POSITIVE_INFINITY, expired: () => false };

/** One read of the partition, deleting what it finds; `undefined` when the budget ran out first. */
async function deletePass(
  userId: string,
  keep: readonly string[],
  budget: Budget,
): Promise<number | undefined> {
  let found = 0;
  for await (const page of partitionPages(userId, { keysOnly: true })) {
    if (budget.expired()) return undefined;
    // A project's id guard lives outside the partition (`projectIdGuardKey`): it goes with the project.
    const keys = page
      .filter((item) => !keep.includes(item.SK as string))
      .flatMap((item) => {
        const projectId = projectIdOfSortKey(item.SK as string);
        const key = { PK: item.PK, SK: item.SK };
        return projectId ? [key, projectIdGuardKey(projectId)] : [key];
      });
    found += keys.length;
    await deleteItems(keys);
  }
  return found;
}

/**
 * {@link deletePartition} within a time budget: passes until one finds nothing but `keep` (`true`)
 * or the budget is spent (`false`; a later call resumes, as deleted items are no longer read).
 */
export async function clearPartition(
  userId: string,
  keep: readonly KeptItem[],
  budget: Budget,
): Promise<boolean> {
  for (;;) {
    const found = await deletePass(userId, keptSortKeys(keep), budget);
    if (found === undefined) return false;
    if (found === 0) return true;
  }
}
