import type { BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand, ddb, TABLE } from '../core/client';
import { countActivitiesOp, getCounters } from '../core/counters';
import { itemId, projectKey } from '../core/keys';
import { AGAIN, BATCH_RETRY, retrying } from '../core/retry';
import { type TxOp, transact } from '../core/transact';
import type { ActivityBase, ActivityKind } from './activity-kind';
import { UNCOUNTED_IMPORTS } from './import-counts';
import { type Effect, effectsOf, effectToTxItem, mergeEffects } from './rollups';

/**
 * Many new activities at once (CSV import), with the guarantees of a single create: each
 * TransactWriteItems holds the activities' Puts (`attribute_not_exists(PK)`, so an id already
 * stored is skipped, never counted twice) plus the ADD deltas of all of them merged per item —
 * project totals, day, task-day and task-month rollups, task index — and ONE counters ADD of their
 * number (with the free limit as its condition) — or, for a premium account, the number on each
 * project instead (`./import-counts.ts`). A transaction is all or nothing, so a crash between two
 * leaves only whole entries with exact totals, and running the import again finishes it. The
 * transactions of one project run one after another (they share its totals); those of different
 * projects may run side by side when they count on the projects, not on the shared counters item.
 */

/** DynamoDB's limit of items per transaction. */
export const MAX_TX_ITEMS = 100;

export interface NewActivity {
  k: ActivityKind<ActivityBase>;
  record: ActivityBase;
}

export type WriteOutcome = 'created' | 'existing' | 'no-project' | 'limit';

/**
 * Where a transaction counts the entries it creates: the counters' `activityCount` (with the free
 * limit as its condition), or each entry's project's `uncountedImports`, folded into the counters
 * at the end of the import (`./import-counts.ts`: how transactions on different projects then run
 * side by side).
 */
export type CountOn = 'counters' | 'projects';

/** The entry's effects: its totals and rollups, and, counted on its project, its project's count. */
function effectsOfEntry(e: NewActivity, countOn: CountOn = 'counters'): Effect[] {
  const effects = effectsOf(e.record.userId, e.k.contribution(e.record), 1);
  if (countOn === 'projects') {
    effects.push({
      key: projectKey(e.record.userId, e.record.projectId),
      add: { [UNCOUNTED_IMPORTS]: 1 },
      set: {},
      mustExist: true,
      projectId: e.record.projectId,
    });
  }
  return effects;
}

/**
 * Splits entries, in order, into runs whose transaction stays within {@link MAX_TX_ITEMS}: each
 * entry's Put, the distinct items its totals touch, and the counters item.
 */
export function packTransactions(entries: NewActivity[]): NewActivity[][] {
  const runs: NewActivity[][] = [];
  let run: NewActivity[] = [];
  let touched = new Set<string>();
  for (const entry of entries) {
    const keys = effectsOfEntry(entry).map((e) => itemId(e.key));
    const added = keys.filter((k) => !touched.has(k));
    if (run.length > 0 && run.length + 1 + touched.size + new Set(added).size + 1 > MAX_TX_ITEMS) {
      runs.push(run);
      run = [];
      touched = new Set();
    }
    run.push(entry);
    for (const k of keys) touched.add(k);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * Writes one packed run. Entries whose id is stored already are answered `existing` and the rest
 * written again without them; so are entries whose project was deleted meanwhile (`no-project`).
 * With `itemLimit`, entries past the free limit are answered `limit` (the count is re-read when
 * another write took the room first).
 */
export async function writeRun(
  userId: string,
  run: NewActivity[],
  itemLimit: number | undefined,
  countOn: CountOn = 'counters',
): Promise<WriteOutcome[]> {
  const outcome = new Map<NewActivity, WriteOutcome>();
  let pending = run;
  while (pending.length > 0) {
    const ops: TxOp[] = [
      ...pending.map((e, i) => ({
        op: {
          Put: {
            TableName: TABLE,
            Item: e.k.toItem(e.record),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        onConditionFailed: `entry:${i}`,
      })),
      ...mergeEffects(pending.flatMap((e) => effectsOfEntry(e, countOn))).map((e) => ({
        op: effectToTxItem(e),
        ...(e.projectId ? { onConditionFailed: `project:${e.projectId}` } : {}),
      })),
      ...(countOn === 'counters'
        ? [{ op: countActivitiesOp(userId, pending.length, itemLimit), onConditionFailed: 'limit' }]
        : []),
    ];
    const result = await transact(ops);
    if (result.ok) {
      for (const e of pending) outcome.set(e, 'created');
      break;
    }
    const stored = new Set(
      result.failed.filter((f) => f.startsWith('entry:')).map((f) => Number(f.slice(6))),
    );
    const gone = new Set(result.failed.filter((f) => f.startsWith('project:')).map((f) => f.slice(8)));
    const next: NewActivity[] = [];
    pending.forEach((e, i) => {
      if (stored.has(i)) outcome.set(e, 'existing');
      else if (gone.has(e.record.projectId)) outcome.set(e, 'no-project');
      else next.push(e);
    });
    if (stored.size === 0 && gone.size === 0) {
      if (!result.failed.includes('limit') || itemLimit === undefined) {
        throw new Error(`Import transaction refused: ${result.failed.join(', ')}`);
      }
      const room = Math.max(0, itemLimit - (await getCounters(userId)).activityCount);
      for (const e of next.slice(room)) outcome.set(e, 'limit');
      pending = next.slice(0, room);
      continue;
    }
    pending = next;
  }
  return run.map((e) => outcome.get(e) ?? 'limit');
}

/**
 * Which of the given activities are stored already (BatchGet, 100 keys a call). Keys DynamoDB
 * leaves unprocessed are asked again; if they stay unanswered the import fails loudly rather than
 * taking an unread entry for a new one.
 */
export async function storedIds(entries: NewActivity[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < entries.length; i += 100) {
    let keys: Record<string, unknown>[] = entries
      .slice(i, i + 100)
      .map((e) => e.k.key(e.record.userId, e.record.activityId));
    await retrying(
      BATCH_RETRY,
      async () => {
        const out: BatchGetCommandOutput = await ddb.send(
          new BatchGetCommand({
            RequestItems: {
              [TABLE]: { Keys: keys, ProjectionExpression: 'activityId', ConsistentRead: true },
            },
          }),
        );
        for (const item of out.Responses?.[TABLE] ?? []) found.add(String(item.activityId));
        keys = (out.UnprocessedKeys?.[TABLE]?.Keys as Record<string, unknown>[] | undefined) ?? [];
        return keys.length > 0 ? AGAIN : undefined;
      },
      () => new Error(`The import could not read ${keys.length} stored entries (throttled)`),
    );
  }
  return found;
}
