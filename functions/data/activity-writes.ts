import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Budget } from '../lib/budget';
import { ConflictError } from '../lib/errors';
import { deleteItems } from './batch';
import { ddb, TABLE } from './client';
import { countActivitiesOp } from './counters';
import { countRemovedOp } from './projects';
import {
  type Contribution,
  effectsOf,
  effectToTxItem,
  mergeEffects,
  projectDerivedPrefixes,
  type TaskKind,
} from './rollups';
import { MAX_TX_ATTEMPTS, type TxOp, transact } from './transact';

/**
 * The one write path of time and finance activities. Each create, edit, move and delete is ONE
 * TransactWriteItems holding the activity write, the ADD deltas on the project totals (both
 * projects on a move), the day and task-day rollups, the task index, and the usage counters — so
 * totals can never drift from the activities, whatever fails or runs at the same time.
 */

/** Fields every activity record has. */
export interface ActivityBase {
  activityId: string;
  userId: string;
  projectId: string;
  activity: string;
  description: string;
  date: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** How one kind of activity is keyed, stored and counted. */
export interface ActivityKind<R extends ActivityBase> {
  kind: TaskKind;
  /** Sort-key prefix in the user's partition and in GSI1 (`TIME#` / `FIN#`). */
  sortPrefix: string;
  key(userId: string, activityId: string): { PK: string; SK: string };
  toItem(record: R): Record<string, unknown>;
  fromItem(item: Record<string, unknown>): R;
  contribution(record: R): Contribution;
}

export type CreateResult<R> =
  | { status: 'created'; record: R }
  /** The id was already stored (a retried create): the stored entry, counted once. */
  | { status: 'existing'; record: R }
  | { status: 'no-project' }
  | { status: 'limit' }
  /** The condition of one of the caller's `extra` writes failed (its tags in `failed`); nothing written. */
  | { status: 'precondition'; failed: string[] };

export type UpdateResult<R> =
  | { status: 'updated'; record: R }
  | { status: 'not-found' }
  /** The project it was to move into is not the user's. */
  | { status: 'no-project' };

export type DeleteResult<R> = { status: 'deleted'; record: R } | { status: 'not-found' };

const projectTag = (projectId: string) => `project:${projectId}`;

/**
 * Read-modify-write rounds of an edit or delete. Losing a round means another write to the same
 * entry won it, so every round makes progress; the bound only guards against a runaway loop.
 */
export const MAX_VERSION_ATTEMPTS = 40;

/** 409 when the bounded rounds ran out (only under extreme contention on one entry). */
const tooBusy = () => new ConflictError('WRITE_CONFLICT');

/** A short random pause before re-reading, so concurrent editors of one entry spread out. */
const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 20));

function effectOps(effects: ReturnType<typeof effectsOf>): TxOp[] {
  return mergeEffects(effects).map((e) => ({
    op: effectToTxItem(e),
    ...(e.projectId ? { onConditionFailed: projectTag(e.projectId) } : {}),
  }));
}

/** Access pattern: one activity of a user, strongly consistent. */
export async function getActivity<R extends ActivityBase>(
  k: ActivityKind<R>,
  userId: string,
  activityId: string,
): Promise<R | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: k.key(userId, activityId), ConsistentRead: true }),
  );
  return out.Item ? k.fromItem(out.Item) : undefined;
}

/**
 * Adds an activity. The Put's `attribute_not_exists(PK)` makes a repeated create with the same id
 * atomic: the repeat fails that condition, writes nothing and answers the stored entry.
 * `itemLimit` (free users) is a condition on the counters item in the same transaction. `extra`
 * writes (the server timer the entry comes from) join the same transaction, so the entry and they
 * are written together or not at all.
 */
export async function createActivity<R extends ActivityBase>(
  k: ActivityKind<R>,
  record: R,
  itemLimit: number | undefined,
  extra: TxOp[] = [],
): Promise<CreateResult<R>> {
  const { userId } = record;
  for (let attempt = 1; attempt <= MAX_TX_ATTEMPTS; attempt++) {
    const result = await transact([
      {
        op: {
          Put: { TableName: TABLE, Item: k.toItem(record), ConditionExpression: 'attribute_not_exists(PK)' },
        },
        onConditionFailed: 'exists',
      },
      ...effectOps(effectsOf(userId, k.contribution(record), 1)),
      { op: countActivitiesOp(userId, 1, itemLimit), onConditionFailed: 'limit' },
      ...extra,
    ]);
    if (result.ok) return { status: 'created', record };
    if (result.failed.includes('exists')) {
      const stored = await getActivity(k, userId, record.activityId);
      // Deleted between our write and this read: try the create again.
      if (stored) return { status: 'existing', record: stored };
      continue;
    }
    if (result.failed.includes(projectTag(record.projectId))) return { status: 'no-project' };
    if (result.failed.includes('limit')) return { status: 'limit' };
    return { status: 'precondition', failed: result.failed };
  }
  throw tooBusy();
}

/**
 * Edits an activity: reads it, lets `change` compute the new record, and writes the new record
 * with the differences of every total — on the condition that the activity still has the version
 * it read. A concurrent edit that got there first makes the condition fail; the edit is then
 * recomputed from the fresh record, so no change is applied twice or lost.
 */
export async function updateActivity<R extends ActivityBase>(
  k: ActivityKind<R>,
  userId: string,
  activityId: string,
  change: (current: R) => R,
): Promise<UpdateResult<R>> {
  for (let attempt = 1; attempt <= MAX_VERSION_ATTEMPTS; attempt++) {
    const current = await getActivity(k, userId, activityId);
    if (!current) return { status: 'not-found' };
    const next = { ...change(current), activityId, userId, version: current.version + 1 };
    const result = await transact([
      {
        op: {
          Put: {
            TableName: TABLE,
            Item: k.toItem(next),
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
        onConditionFailed: 'changed',
      },
      ...effectOps([
        ...effectsOf(userId, k.contribution(current), -1),
        ...effectsOf(userId, k.contribution(next), 1),
      ]),
    ]);
    if (result.ok) return { status: 'updated', record: next };
    if (result.failed.includes('changed')) {
      await pause();
      continue;
    }
    if (next.projectId !== current.projectId && result.failed.includes(projectTag(next.projectId))) {
      return { status: 'no-project' };
    }
    // Its own project is being deleted, and the activity with it.
    return { status: 'not-found' };
  }
  throw tooBusy();
}

/** Deletes an activity and takes it out of every total and the count, on the version it read. */
export async function deleteActivity<R extends ActivityBase>(
  k: ActivityKind<R>,
  userId: string,
  activityId: string,
): Promise<DeleteResult<R>> {
  for (let attempt = 1; attempt <= MAX_VERSION_ATTEMPTS; attempt++) {
    const current = await getActivity(k, userId, activityId);
    if (!current) return { status: 'not-found' };
    const result = await transact([
      {
        op: {
          Delete: {
            TableName: TABLE,
            Key: k.key(userId, activityId),
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
        onConditionFailed: 'changed',
      },
      ...effectOps(effectsOf(userId, k.contribution(current), -1)),
      { op: countActivitiesOp(userId, -1) },
    ]);
    if (result.ok) return { status: 'deleted', record: current };
    if (result.failed.includes('changed')) {
      await pause();
      continue;
    }
    return { status: 'not-found' };
  }
  throw tooBusy();
}

export interface PageRequest {
  /** At most this many entries. */
  limit: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

export interface ActivityPage<R> {
  items: R[];
  /** Present when more entries follow. */
  nextCursor?: string;
}

/** Opaque page cursor: the last evaluated key, base64url JSON. */
function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key in a cursor, if it is one of this user's pages of this project and kind; else `undefined`. */
export function decodeCursor(
  cursor: string,
  userId: string,
  projectId: string,
  sortPrefix: string,
): Record<string, string> | undefined {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const fields = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];
    if (typeof key !== 'object' || key === null || Object.keys(key).length !== fields.length)
      return undefined;
    if (!fields.every((f) => typeof key[f] === 'string')) return undefined;
    if (key.PK !== `USER#${userId}` || key.GSI1PK !== `PROJECT#${projectId}`) return undefined;
    if (!(key.GSI1SK as string).startsWith(sortPrefix)) return undefined;
    return key as Record<string, string>;
  } catch {
    return undefined;
  }
}

/** Thrown for a cursor that is not one this endpoint handed out. */
export class InvalidCursorError extends Error {}

/**
 * A project's activities of one kind, newest first: GSI1 Query on `PROJECT#<projectId>` with the
 * kind's prefix, descending. The filter on `PK` keeps the answer to the caller's own entries:
 * project ids may be chosen by clients (idempotent creates), so two users' projects can share an
 * index partition.
 */
export async function listActivitiesForProject<R extends ActivityBase>(
  k: ActivityKind<R>,
  userId: string,
  projectId: string,
  page: PageRequest,
): Promise<ActivityPage<R>> {
  let startKey: Record<string, unknown> | undefined;
  if (page.cursor !== undefined) {
    startKey = decodeCursor(page.cursor, userId, projectId, k.sortPrefix);
    if (!startKey) throw new InvalidCursorError('Invalid cursor');
  }
  const items: R[] = [];
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :gpk AND begins_with(GSI1SK, :prefix)',
        FilterExpression: 'PK = :pk',
        ExpressionAttributeValues: {
          ':gpk': `PROJECT#${projectId}`,
          ':prefix': k.sortPrefix,
          ':pk': `USER#${userId}`,
        },
        ScanIndexForward: false,
        Limit: page.limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) items.push(k.fromItem(item));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < page.limit);
  return { items, ...(startKey ? { nextCursor: encodeCursor(startKey) } : {}) };
}

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
): Promise<'done' | 'pending' | 'tombstone-gone'> {
  for (const prefix of ['TIME#', 'FIN#']) {
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
              ':gpk': `PROJECT#${projectId}`,
              ':from': prefix,
              ':to': `${prefix.slice(0, -1)}$`,
              ':pk': `USER#${userId}`,
            },
            ProjectionExpression: 'PK, SK',
            Limit: REMOVE_PAGE,
            ExclusiveStartKey,
          }),
        );
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
 * (uncounted), then its day, task-day and task-month rollups and task index items (Query by
 * prefix, BatchWrite). `done` when nothing is left; `pending` when the budget ran out first (a
 * repeated DELETE or the sweep continues); `tombstone-gone` when another clean-up finished it.
 */
export async function removeProjectData(
  userId: string,
  projectId: string,
  deletedAt: string,
  budget: Budget,
): Promise<'done' | 'pending' | 'tombstone-gone'> {
  const entries = await removeProjectEntries(userId, projectId, Date.parse(deletedAt), budget);
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
    // A prefix ending in '#' is the range up to the same text ending in '$' (see above).
    const range = prefix.endsWith('#')
      ? {
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': `USER#${userId}`,
            ':from': prefix,
            ':to': `${prefix.slice(0, -1)}$`,
          },
        }
      : {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :from)',
          ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':from': prefix },
        };
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        ...range,
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
