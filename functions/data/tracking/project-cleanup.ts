import type { Budget } from '../../lib/budget';
import { deleteItems } from '../core/batch';
import { ddb, QueryCommand, TABLE } from '../core/client';
import { countActivitiesOp } from '../core/counters';
import {
  entryPrefix,
  prefixRange,
  projectDerivedPrefixes,
  projectIndexPartition,
  userPartition,
} from '../core/keys';
import { transact } from '../core/transact';
import { countRemovedOp } from './project-tombstones';

/**
 * The clean-up of a deleted project: everything it owns is removed after its tombstone is written
 * (see `./README.md`, "delete a project"). Resumable: each step deletes only what is still stored.
 */

/**
 * Entries per removal transaction: 98 deletes + the counters + the tombstone = DynamoDB's limit of
 * 100 items. One transaction at a time, because each touches the same counters and tombstone items
 * (parallel ones would only cancel each other); bigger transactions mean fewer round trips.
 */
const REMOVE_CHUNK = 98;
/** Index page size of the removal: a few transactions' worth, so a spent budget stops soon. */
const REMOVE_PAGE = REMOVE_CHUNK * 3;

type RemoveOutcome = { removed: number; tombstoneGone: boolean };

/**
 * Called with each page of a deleted project's entries (keys and `receipts`) before they are
 * removed: it removes what they own outside their transactions (receipts' files and items). It may
 * see an entry again after a failure, so it must be idempotent.
 */
export type EntriesHook = (items: Record<string, unknown>[]) => Promise<void>;

/**
 * Deletes and uncounts a chunk of a deleted project's entries, counting them on its tombstone in
 * the same transaction.
 */
async function removeChunk(userId: string, projectId: string, keys: { PK: string; SK: string }[]) {
  const remove = (Key: { PK: string; SK: string }) => ({
    op: { Delete: { TableName: TABLE, Key, ConditionExpression: 'attribute_exists(PK)' } },
    onConditionFailed: 'gone',
  });
  const result = await transact([
    ...keys.map(remove),
    { op: countActivitiesOp(userId, -keys.length) },
    countRemovedOp(userId, projectId, keys.length),
  ]);
  if (result.ok) return { removed: keys.length, tombstoneGone: false };
  if (result.failed.includes('no-tombstone')) return { removed: 0, tombstoneGone: true };
  // An index read can trail the table (or a concurrent clean-up got there first): an entry already
  // gone must not be uncounted twice, so fall back to one transaction per entry and skip those
  // whose condition fails.
  let removed = 0;
  for (const Key of keys) {
    const one = await transact([
      remove(Key),
      { op: countActivitiesOp(userId, -1) },
      countRemovedOp(userId, projectId, 1),
    ]);
    if (one.ok) removed++;
    else if (one.failed.includes('no-tombstone')) return { removed, tombstoneGone: true };
  }
  return { removed, tombstoneGone: false };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long after the tombstone an empty index read is trusted to mean "no entries left": GSI1 may
 * trail the table by a moment, so an entry saved just before the deletion could still be missing
 * from it. No entry can be saved into the project after its tombstone.
 */
export const INDEX_SETTLE_MS = 1_000;

/**
 * Removes the entries of a deleted (tombstoned) project: GSI1 pages of its time and then finance
 * entries, deleted and uncounted in transactions (see {@link removeChunk}), pass after pass until a
 * pass that began at least `INDEX_SETTLE_MS` after the tombstone finds none. Stops when `budget`
 * is spent; everything it did stays done, so the next call resumes where this one stopped.
 */
async function removeProjectEntries(
  userId: string,
  projectId: string,
  deletedAtMs: number,
  budget: Budget,
  beforeRemoval: EntriesHook,
): Promise<'done' | 'pending' | 'tombstone-gone'> {
  for (const prefix of [entryPrefix('time'), entryPrefix('finance')]) {
    for (;;) {
      if (budget.expired()) return 'pending';
      const passStarted = Date.now();
      let found = 0;
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        if (budget.expired()) return 'pending';
        const out = await ddb.send(
          new QueryCommand({
            TableName: TABLE,
            IndexName: 'GSI1',
            // The same keys as `begins_with(GSI1SK, prefix)` ('$' sorts right after '#'); DynamoDB
            // Local walks the whole index partition for `begins_with`, which at 100,000 entries
            // alone would spend a request's budget.
            KeyConditionExpression: 'GSI1PK = :gpk AND GSI1SK BETWEEN :from AND :to',
            FilterExpression: 'PK = :pk',
            ExpressionAttributeValues: {
              ':gpk': projectIndexPartition(projectId),
              ':from': prefixRange(prefix).from,
              ':to': prefixRange(prefix).to,
              ':pk': userPartition(userId),
            },
            ProjectionExpression: 'PK, SK, receipts',
            Limit: REMOVE_PAGE,
            ExclusiveStartKey,
          }),
        );
        // What goes with the entries but not in their transactions (a finance entry's receipts).
        await beforeRemoval(out.Items ?? []);
        const keys = (out.Items ?? []).map((i) => ({ PK: i.PK as string, SK: i.SK as string }));
        for (let i = 0; i < keys.length; i += REMOVE_CHUNK) {
          const outcome: RemoveOutcome = await removeChunk(
            userId,
            projectId,
            keys.slice(i, i + REMOVE_CHUNK),
          );
          if (outcome.tombstoneGone) return 'tombstone-gone';
        }
        found += keys.length;
        ExclusiveStartKey = out.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      if (found > 0) continue;
      if (passStarted >= deletedAtMs + INDEX_SETTLE_MS) break;
      const wait = deletedAtMs + INDEX_SETTLE_MS - Date.now();
      if (Date.now() + wait >= budget.deadline) return 'pending';
      await sleep(Math.max(0, wait));
    }
  }
  return 'done';
}

/**
 * Removes everything of a deleted (tombstoned) project except the tombstone: its entries
 * (uncounted; each page handed to `beforeRemoval` first), then its day, task-day and task-month rollups and task index items (Query by
 * prefix, BatchWrite). `done` when nothing is left; `pending` when the budget ran out first (a
 * repeated DELETE or the sweep continues); `tombstone-gone` when another clean-up finished it.
 */
export async function removeProjectData(
  userId: string,
  projectId: string,
  deletedAt: string,
  budget: Budget,
  beforeRemoval: EntriesHook = async () => {},
): Promise<'done' | 'pending' | 'tombstone-gone'> {
  const entries = await removeProjectEntries(userId, projectId, Date.parse(deletedAt), budget, beforeRemoval);
  if (entries !== 'done') return entries;
  for (const prefix of projectDerivedPrefixes(projectId)) {
    if (!(await deleteByPrefix(userId, prefix, budget))) return 'pending';
  }
  return 'done';
}

/** Deletes every item of the user's partition whose sort key starts with `prefix`; `false` when out of budget. */
async function deleteByPrefix(userId: string, prefix: string, budget: Budget): Promise<boolean> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    if (budget.expired()) return false;
    const range = prefixRange(prefix);
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': userPartition(userId), ':from': range.from, ':to': range.to },
        ProjectionExpression: 'PK, SK',
        Limit: 1000,
        ExclusiveStartKey,
      }),
    );
    const keys = (out.Items ?? []).map((i) => ({ PK: i.PK as string, SK: i.SK as string }));
    await deleteItems(keys);
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return true;
}
