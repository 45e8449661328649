import { entryPrefix, TAG_COUNTED_PREFIX, userIdOfPartition } from '../core/keys';
import { scanPages } from '../core/query';
import { backfillRollups, type RollupBackfillCount, readItem } from './rollup-backfill';
import { applyTagState } from './tag-rollup-writes';
import { liveState, stateOfMark } from './tag-rollups';
import { TIME_KIND } from './time-activities';

/** What one run of the report back-fill did. */
export interface ReportBackfillCount extends RollupBackfillCount {
  /**
   * Entries the per-tag day rollups were brought up to date with (counted, recounted after a
   * change the stream never applied, or taken out once deleted: `./tag-rollup-writes.ts`).
   */
  tagRollups: number;
}

/**
 * `npm run backfill:reports`: gives time entries counted in older report rollups than the current
 * ones (`ROLLUP_LEVEL` in `./report-rollups.ts`: entries stored before release 3 have none, entries
 * of release 3's first build no week items) what they miss — the generic back-fill
 * (`./rollup-backfill.ts`) of time entries: the report week, task-day and task-month items, the
 * tag index and the day rollup's billable sums, each entry in ONE transaction, entirely or not at
 * all, never twice — and then brings the per-tag day rollups, which the stream writes, up to date.
 */
export async function backfillReportRollups(): Promise<ReportBackfillCount> {
  const count = await backfillRollups(TIME_KIND);
  return { ...count, tagRollups: await backfillTagRollups() };
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
        if (await readItem(item.PK, TIME_KIND.key(userId, activityId).SK)) continue;
        const mark = stateOfMark(item);
        if ((await applyTagState(userId, activityId, { seq: mark.seq + 1 }, mark)) === 'applied') applied++;
      } else if ((await applyTagState(userId, activityId, liveState(item))) === 'applied') applied++;
    }
  }
  return applied;
}
