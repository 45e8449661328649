import { ddb, GetCommand, TABLE } from '../core/client';
import { entryPrefix } from '../core/keys';
import { scanPages } from '../core/query';
import { transact } from '../core/transact';
import { FINANCE_KIND } from './finance-activities';
import { effectsOf, effectToTxItem, mergeEffects } from './rollups';
import { FINANCE_ROLLUP_LEVEL, financeRollupLevelOfItem } from './tax-rollups';

/** What one run of the tax back-fill did. */
export interface TaxBackfillCount {
  /** Finance entries added to the tax month rollups. */
  entries: number;
  /** Entries left as they were: deleted, or their project deleted, while the run looked at them. */
  skipped: number;
  /** Entries that changed under every attempt: still to do, the next run finds them. */
  exhausted: number;
}

/** How often one entry is re-read and tried again when an edit changed it under the back-fill. */
const ATTEMPTS = 5;

/**
 * `npm run backfill:tax`: counts income and expenses stored before the tax month rollups
 * (`FINANCE_ROLLUP_LEVEL` in `./tax-rollups.ts`) in them, as `backfill-reports.ts` does for time
 * entries. Each entry is ONE transaction: ADD its tax month deltas, SET its `rollupLevel` and raise
 * its `version`, on the condition that it still has the version it read and is still below the
 * level (and its project is live). An entry is counted entirely or not at all, never twice; an edit
 * racing the back-fill re-reads it. A Scan, run by an operator (or the local stack at start), never
 * by a request.
 */
export async function backfillTaxRollups(): Promise<TaxBackfillCount> {
  const count: TaxBackfillCount = { entries: 0, skipped: 0, exhausted: 0 };
  const pages = scanPages({
    FilterExpression: 'begins_with(SK, :fin) AND (attribute_not_exists(rollupLevel) OR rollupLevel < :level)',
    ExpressionAttributeValues: { ':fin': entryPrefix('finance'), ':level': FINANCE_ROLLUP_LEVEL },
  });
  for await (const page of pages) {
    for (const item of page) {
      const outcome = await raiseEntry(item);
      if (outcome === 'raised') count.entries++;
      else if (outcome === 'gone') count.skipped++;
      else count.exhausted++;
    }
  }
  return count;
}

async function raiseEntry(scanned: Record<string, unknown>): Promise<'raised' | 'gone' | 'exhausted'> {
  let item: Record<string, unknown> | undefined = scanned;
  for (let attempt = 0; attempt < ATTEMPTS && item; attempt++) {
    if (financeRollupLevelOfItem(item) >= FINANCE_ROLLUP_LEVEL) return 'raised';
    const record = FINANCE_KIND.fromItem(item);
    const counted = FINANCE_KIND.contribution(record);
    const missing = mergeEffects([
      ...effectsOf(record.userId, { ...counted, rollupLevel: FINANCE_ROLLUP_LEVEL }, 1),
      ...effectsOf(record.userId, counted, -1),
    ]);
    const versioned = item.version !== undefined;
    const result = await transact([
      {
        op: {
          Update: {
            TableName: TABLE,
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: 'SET rollupLevel = :level ADD #version :one',
            ConditionExpression: `${versioned ? '#version = :version' : 'attribute_not_exists(#version)'} AND (attribute_not_exists(rollupLevel) OR rollupLevel < :level)`,
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: {
              ':level': FINANCE_ROLLUP_LEVEL,
              ':one': 1,
              ...(versioned ? { ':version': item.version } : {}),
            },
          },
        },
        onConditionFailed: 'changed',
      },
      ...missing.map((e) => ({
        op: effectToTxItem(e),
        onConditionFailed: e.projectId ? 'project' : 'other',
      })),
    ]);
    if (result.ok) return 'raised';
    if (!result.failed.includes('changed')) return 'gone';
    item = await getItem(item.PK, item.SK);
  }
  return item ? 'exhausted' : 'gone';
}

async function getItem(PK: unknown, SK: unknown): Promise<Record<string, unknown> | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: { PK, SK }, ConsistentRead: true }));
  return out.Item;
}
