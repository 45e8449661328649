import { ddb, GetCommand, TABLE } from './client';
import { entryPrefix } from './keys';
import { scanPages } from './query';
import { ROLLUP_LEVEL, rollupLevelOfItem } from './report-rollups';
import { effectsOf, effectToTxItem, mergeEffects } from './rollups';
import { TIME_KIND } from './time-activities';
import { transact } from './transact';

/** What one run of the report back-fill did. */
export interface ReportBackfillCount {
  /** Time entries raised to the current report rollups (their totals added). */
  entries: number;
  /** Entries left as they were: deleted, or their project deleted, while the run looked at them. */
  skipped: number;
}

/** How often one entry is re-read and tried again when an edit changed it under the back-fill. */
const ATTEMPTS = 5;

/**
 * `npm run backfill:reports`: gives time entries counted in older report rollups than the current
 * ones (`ROLLUP_LEVEL` in `./report-rollups.ts`: entries stored before release 3 have none, entries
 * of release 3's first build no week items) what they miss: the report day, week, month, task-day
 * and task-month items, the tag index and the day rollup's billable sums.
 *
 * Each entry is ONE transaction: it ADDs exactly the difference between the current rollups and
 * those of the entry's level, and sets the entry's `rollupLevel` and raises its `version`, on the
 * condition that the entry still has the version it read and is still below the current level
 * (and its project is live). So an entry is raised entirely or not at all, never twice (two runs
 * at once: the second's condition fails), and an edit racing the back-fill reads the entry again
 * (its version changed) and takes out what the entry was by then counted in. A run that stops
 * half-way (a crash, a fault, a timeout) leaves each entry whole, and the next run finds exactly
 * the entries still to do: the Scan's filter skips done ones. A Scan, run by an operator (or the
 * local stack at start), never by a request.
 */
export async function backfillReportRollups(): Promise<ReportBackfillCount> {
  const count: ReportBackfillCount = { entries: 0, skipped: 0 };
  const pages = scanPages({
    FilterExpression:
      'begins_with(SK, :time) AND (attribute_not_exists(rollupLevel) OR rollupLevel < :level)',
    ExpressionAttributeValues: { ':time': entryPrefix('time'), ':level': ROLLUP_LEVEL },
  });
  for await (const page of pages) {
    for (const item of page) {
      if (await raiseEntry(item)) count.entries++;
      else count.skipped++;
    }
  }
  return count;
}

/** Raises one entry to the current level; false when it (or its project) is gone. */
async function raiseEntry(scanned: Record<string, unknown>): Promise<boolean> {
  let item: Record<string, unknown> | undefined = scanned;
  for (let attempt = 0; attempt < ATTEMPTS && item; attempt++) {
    if (rollupLevelOfItem(item) >= ROLLUP_LEVEL) return true;
    const record = TIME_KIND.fromItem(item);
    const counted = TIME_KIND.contribution(record);
    const missing = mergeEffects([
      ...effectsOf(record.userId, { ...counted, rollupLevel: ROLLUP_LEVEL }, 1),
      ...effectsOf(record.userId, counted, -1),
    ]);
    const result = await transact([
      {
        op: {
          Update: {
            TableName: TABLE,
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: 'SET rollupLevel = :level ADD #version :one',
            ConditionExpression: `${item.version === undefined ? 'attribute_not_exists(#version)' : '#version = :version'} AND (attribute_not_exists(rollupLevel) OR rollupLevel < :level)`,
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: {
              ':level': ROLLUP_LEVEL,
              ':one': 1,
              ...(item.version === undefined ? {} : { ':version': item.version }),
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
    if (result.ok) return true;
    if (!result.failed.includes('changed')) return false; // its project is being deleted
    item = await getItem(item.PK, item.SK);
  }
  return false;
}

async function getItem(PK: unknown, SK: unknown): Promise<Record<string, unknown> | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: { PK, SK }, ConsistentRead: true }));
  return out.Item;
}
