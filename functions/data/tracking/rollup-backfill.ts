import { ddb, GetCommand, TABLE } from '../core/client';
import { entryPrefix } from '../core/keys';
import { scanPages } from '../core/query';
import { transact } from '../core/transact';
import type { ActivityBase, ActivityKind } from './activity-types';
import { type Contribution, type Effect, mergeEffects } from './rollup-family';
import { ROLLUP_LEVEL_OF_ITEM, ROLLUP_LEVELS } from './rollup-levels';
import { effectsOf, effectToTxItem } from './rollups';

/**
 * The generic BACK-FILL of the rollup families written in entries' transactions
 * (`./rollup-registry.ts`): gives every entry of one kind stored below the kind's current level
 * (`./rollup-levels.ts`) what the families added since its level would have counted of it. Run by
 * `npm run backfill:reports` (time entries, `./backfill-reports.ts`) and `npm run backfill:tax`
 * (income and expenses, `./backfill-tax.ts`), and by the local stack at start.
 *
 * Each entry is ONE transaction: it ADDs exactly the difference between the current families and
 * those of the entry's level (`missingEffects`), and sets the entry's `rollupLevel` and raises its
 * `version`, on the condition that the entry still has the version it read and is still below the
 * current level (and its project is live). So an entry is raised entirely or not at all, never
 * twice (two runs at once: the second's condition fails), and an edit racing the back-fill reads
 * the entry again (its version changed) and takes out what the entry was by then counted in. A run
 * that stops half-way (a crash, a fault, a timeout) leaves each entry whole, and the next run finds
 * exactly the entries still to do: the Scan's filter skips done ones. A Scan, run by an operator
 * (or the local stack at start), never by a request.
 */

/** What one run of a back-fill did. */
export interface RollupBackfillCount {
  /** Entries raised to the current rollups (what they missed added). */
  entries: number;
  /** Entries left as they were: deleted, or their project deleted, while the run looked at them. */
  skipped: number;
  /**
   * Entries left as they were because they changed under every one of the run's attempts (an
   * entry edited again and again meanwhile): still to do, the next run finds them.
   */
  exhausted: number;
}

/** How often one entry is re-read and tried again when an edit changed it under the back-fill. */
const ATTEMPTS = 5;

/**
 * What an entry counted at its stored level (`counted.rollupLevel`) misses of the current
 * families, merged per item (pure): the rollups rebuilt from the raw entry, less what it added.
 */
export function missingEffects(userId: string, counted: Contribution): Effect[] {
  return mergeEffects([
    ...effectsOf(userId, { ...counted, rollupLevel: ROLLUP_LEVELS[counted.kind] }, 1),
    ...effectsOf(userId, counted, -1),
  ]);
}

/** Raises every entry of kind `k` below its current level; see above. */
export async function backfillRollups<R extends ActivityBase>(
  k: ActivityKind<R>,
): Promise<RollupBackfillCount> {
  const count: RollupBackfillCount = { entries: 0, skipped: 0, exhausted: 0 };
  const pages = scanPages({
    FilterExpression:
      'begins_with(SK, :prefix) AND (attribute_not_exists(rollupLevel) OR rollupLevel < :level)',
    ExpressionAttributeValues: { ':prefix': entryPrefix(k.kind), ':level': ROLLUP_LEVELS[k.kind] },
  });
  for await (const page of pages) {
    for (const item of page) {
      const outcome = await raiseEntry(k, item);
      if (outcome === 'raised') count.entries++;
      else if (outcome === 'gone') count.skipped++;
      else count.exhausted++;
    }
  }
  return count;
}

/** The Update raising a stored entry's level, on the version it was read at. */
function raiseOp(item: Record<string, unknown>, level: number) {
  const versioned = item.version !== undefined;
  return {
    Update: {
      TableName: TABLE,
      Key: { PK: item.PK, SK: item.SK },
      UpdateExpression: 'SET rollupLevel = :level ADD #version :one',
      ConditionExpression: `${versioned ? '#version = :version' : 'attribute_not_exists(#version)'} AND (attribute_not_exists(rollupLevel) OR rollupLevel < :level)`,
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: {
        ':level': level,
        ':one': 1,
        ...(versioned ? { ':version': item.version } : {}),
      },
    },
  };
}

/** Raises one entry to the current level: `gone` when it (or its project) is gone meanwhile. */
async function raiseEntry<R extends ActivityBase>(
  k: ActivityKind<R>,
  scanned: Record<string, unknown>,
): Promise<'raised' | 'gone' | 'exhausted'> {
  const level = ROLLUP_LEVELS[k.kind];
  let item: Record<string, unknown> | undefined = scanned;
  for (let attempt = 0; attempt < ATTEMPTS && item; attempt++) {
    if (ROLLUP_LEVEL_OF_ITEM[k.kind](item) >= level) return 'raised';
    const record = k.fromItem(item);
    const missing = missingEffects(record.userId, k.contribution(record));
    const result = await transact([
      { op: raiseOp(item, level), onConditionFailed: 'changed' },
      ...missing.map((e) => ({
        op: effectToTxItem(e),
        onConditionFailed: e.projectId ? 'project' : 'other',
      })),
    ]);
    if (result.ok) return 'raised';
    if (!result.failed.includes('changed')) return 'gone'; // its project is being deleted
    item = await readItem(item.PK, item.SK);
  }
  // Read again after the last failed attempt: absent, it was deleted; else it kept changing.
  return item ? 'exhausted' : 'gone';
}

/** One item as stored now (consistent read). */
export async function readItem(PK: unknown, SK: unknown): Promise<Record<string, unknown> | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: { PK, SK }, ConsistentRead: true }));
  return out.Item;
}
