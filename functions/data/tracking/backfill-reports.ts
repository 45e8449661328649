import { ddb, GetCommand, TABLE } from '../core/client';
import { entryPrefix, TAG_COUNTED_PREFIX, userIdOfPartition } from '../core/keys';
import { scanPages } from '../core/query';
import { transact } from '../core/transact';
import { ROLLUP_LEVEL, rollupLevelOfItem } from './report-rollups';
import { effectsOf, effectToTxItem, mergeEffects } from './rollups';
import { applyTagState } from './tag-rollup-writes';
import { liveState, stateOfMark } from './tag-rollups';
import { TIME_KIND } from './time-activities';

/** What one run of the report back-fill did. */
export interface ReportBackfillCount {
  /** Time entries raised to the current report rollups (their totals added). */
  entries: number;
  /** Entries left as they were: deleted, or their project deleted, while the run looked at them. */
  skipped: number;
  /**
   * Entries left as they were because they changed under every one of the run's attempts (an
   * entry edited again and again meanwhile): still to do, the next run finds them.
   */
  exhausted: number;
  /**
   * Entries the per-tag day rollups were brought up to date with (counted, recounted after a
   * change the stream never applied, or taken out once deleted: `./tag-rollup-writes.ts`).
   */
  tagRollups: number;
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
  const count: ReportBackfillCount = { entries: 0, skipped: 0, exhausted: 0, tagRollups: 0 };
  const pages = scanPages({
    FilterExpression:
      'begins_with(SK, :time) AND (attribute_not_exists(rollupLevel) OR rollupLevel < :level)',
    ExpressionAttributeValues: { ':time': entryPrefix('time'), ':level': ROLLUP_LEVEL },
  });
  for await (const page of pages) {
    for (const item of page) {
      const outcome = await raiseEntry(item);
      if (outcome === 'raised') count.entries++;
      else if (outcome === 'gone') count.skipped++;
      else count.exhausted++;
    }
  }
  count.tagRollups = await backfillTagRollups();
  return count;
}

/**
 * The second pass: the per-tag day rollups, which the table's stream keeps, brought up to date
 * with every time entry and deletion — for accounts older than them, and for any record the stream
 * did not apply (e.g. written while the local stack was down). An entry whose mark is missing or
 * records an older version is counted; a mark whose entry is gone is taken out. It is the stream's
 * own transaction on the entry's mark (`applyTagState`), so running it beside the stream, twice,
 * or again after a run stopped half-way counts nothing twice: the next run finds what is left.
 */
async function backfillTagRollups(): Promise<number> {
  let applied = 0;
  const pages = scanPages({
    FilterExpression: 'begins_with(SK, :time) OR (begins_with(SK, :mark) AND attribute_not_exists(deleted))',
    ExpressionAttributeValues: { ':time': entryPrefix('time'), ':mark': TAG_COUNTED_PREFIX },
  });
  for await (const page of pages) {
    for (const item of page) {
      const userId = userIdOfPartition(String(item.PK)) as string;
      const activityId = String(item.activityId);
      if (String(item.SK).startsWith(TAG_COUNTED_PREFIX)) {
        if (await getItem(item.PK, TIME_KIND.key(userId, activityId).SK)) continue;
        const mark = stateOfMark(item);
        if ((await applyTagState(userId, activityId, { seq: mark.seq + 1 }, mark)) === 'applied') applied++;
      } else if ((await applyTagState(userId, activityId, liveState(item))) === 'applied') applied++;
    }
  }
  return applied;
}

/** Raises one entry to the current level: `gone` when it (or its project) is gone meanwhile. */
async function raiseEntry(scanned: Record<string, unknown>): Promise<'raised' | 'gone' | 'exhausted'> {
  let item: Record<string, unknown> | undefined = scanned;
  for (let attempt = 0; attempt < ATTEMPTS && item; attempt++) {
    if (rollupLevelOfItem(item) >= ROLLUP_LEVEL) return 'raised';
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
    if (result.ok) return 'raised';
    if (!result.failed.includes('changed')) return 'gone'; // its project is being deleted
    item = await getItem(item.PK, item.SK);
  }
  // Read again after the last failed attempt: absent, it was deleted; else it kept changing.
  return item ? 'exhausted' : 'gone';
}

async function getItem(PK: unknown, SK: unknown): Promise<Record<string, unknown> | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: { PK, SK }, ConsistentRead: true }));
  return out.Item;
}
