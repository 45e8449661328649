import { ROUNDING_VARIANTS, roundEntryMs, roundedAttribute } from '../../../contract/rounding';
import {
  type ReportFamily,
  reportGroupHash,
  reportRollupKey,
  reportRollupRange,
  tagUseKey,
} from '../core/keys';
import type { Contribution, EntryRollupFamily, RangeRead } from './rollup-family';
import { levelOf, ROLLUP_LEVELS, TASK_GROUPS_LEVEL } from './rollup-levels';

export { rollupLevelOfItem } from './rollup-levels';

/**
 * Which report rollups a time entry's item has been counted in, stored on the entry as
 * `rollupLevel` by every write since level 2 (the levels: `./rollup-levels.ts`). An edit or delete
 * takes out exactly what the stored entry was counted in (its level) and writes the new version at
 * the current level; `npm run backfill:reports` raises the others.
 */
export const ROLLUP_LEVEL = ROLLUP_LEVELS.time;

/** The time level from which on the day rollup holds the billable sums. */
const BILLABLE_SUMS_LEVEL = 1;

/**
 * The report rollup and tag index families (reports read them in `./report-queries.ts`; registered
 * in `./rollup-registry.ts`, written by the generic writer `./rollups.ts`). All items sit in the user's partition, project first, so a deleted
 * project's items go with its prefixes:
 *
 *   report task-day    `REPTASKDAY#<projectId>#<yyyy-mm-dd>#<group>`    billable, tags, activity
 *   report task-month  `REPTASKMONTH#<projectId>#<yyyy-mm>#<group>`     billable, tags, activity
 *   report week        `REPWEEK#<projectId>#<monday>#<group>`           billable, tags
 *   tag use            `TAGUSE#<projectId>#<sha(tag)>`                   name, useCount
 *
 * Each report item holds `timeMs`, `count` (entries) and, for billable time, one sum of rounded
 * durations per rounding variant (`rU15`: each entry rounded up to 15 minutes, then summed), so a
 * report applies the user's current rounding to the whole history without reading an entry. The
 * day rollup (`DAY#…`) gets `billableMs` and the same sums, so a report by day or week without a
 * tag filter reads one item per project and day.
 *
 * Why these families: a report reads whole months from month items and only the edge days of a
 * range from day items (as the task charts do), so the reads of a year's report are bounded by
 * 12 × (distinct billable/tag/task groups) per project, whatever the number of entries. Every
 * grouping reads the task families and adds up over the task when it does not group by it: the
 * report month and day items per (billable, tags) without the task (`REPMONTH#`, `REPDAY#`) that
 * release 3 also wrote cost two of each entry's writes to save about an eighth of a report's reads
 * (issue 39), and are no longer written or read (items written before stay until their project
 * goes). A report by week with a tag filter cannot use the day rollup (it has no tags) nor months
 * (a week spans two): it reads whole weeks from the week items (weeks from Monday, ISO) and only
 * the edge days from the task-day items, so 53 instead of 366 days per group and project for a year.
 */

/** What the rounding sums of one billable entry add: one attribute per rounding variant. */
function roundedAdds(durationMs: number, sign: 1 | -1): Record<string, number> {
  const adds: Record<string, number> = {};
  for (const variant of ROUNDING_VARIANTS) {
    adds[roundedAttribute(variant) as string] = sign * roundEntryMs(durationMs, variant);
  }
  return adds;
}

/** What a time entry adds to its day rollup besides `timeMs`: its billable time, exact and rounded. */
export function billableAdds(c: Contribution, sign: 1 | -1): Record<string, number> {
  if (c.billable === false || levelOf(c) < BILLABLE_SUMS_LEVEL) return {};
  return { billableMs: sign * c.timeMs, ...roundedAdds(c.timeMs, sign) };
}

const monthOf = (day: string) => day.slice(0, 7);
const sameDay = (day: string) => day;

/** The Monday of the ISO week holding a `yyyy-mm-dd` day (UTC calendar days, as entries are kept). */
export function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00.000Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(t - weekday * 86_400_000).toISOString().slice(0, 10);
}

const ITEM_TYPE: Record<ReportFamily, string> = {
  day: 'REPDAY',
  week: 'REPWEEK',
  month: 'REPMONTH',
  taskDay: 'REPTASKDAY',
  taskMonth: 'REPTASKMONTH',
};

/** What a time entry adds to each report rollup item it counts in. */
export function reportDelta(c: Contribution, sign: 1 | -1): Record<string, number> {
  const billable = c.billable !== false;
  return { timeMs: sign * c.timeMs, count: sign, ...(billable ? roundedAdds(c.timeMs, sign) : {}) };
}

/** The report family `family` of the periods `period` makes of a day, grouped with or without the task. */
function reportFamily(
  family: ReportFamily,
  name: string,
  since: number,
  period: (day: string) => string,
  withTask: boolean,
  until?: number,
): EntryRollupFamily {
  const read: RangeRead = {
    period,
    range: (userId, projectId, first, last) => reportRollupRange(family, userId, projectId, first, last),
  };
  return {
    name,
    writtenBy: 'entry',
    counts: { time: since },
    ...(until !== undefined ? { until: { time: until } } : {}),
    items: (userId, c) => {
      const billable = c.billable !== false;
      // In the group's order (the hash sorts them too), so entries naming the same tags in another
      // order, or deleted after one that did, leave the item's list as it was.
      const tags = [...(c.tags ?? [])].sort();
      const at = period(c.day);
      const group = reportGroupHash(billable, tags, withTask ? c.task : undefined);
      return [
        {
          key: reportRollupKey(family, userId, c.projectId, at, group),
          set: {
            type: ITEM_TYPE[family],
            projectId: c.projectId,
            period: at,
            billable,
            tags,
            ...(withTask ? { activity: c.task } : {}),
          },
        },
      ];
    },
    delta: reportDelta,
    read,
  };
}

/**
 * A project's time of one (billable, tags, task) group on one day (time levels 1 and 2; from 3 on
 * in the task group items, `./task-group-rollups.ts`).
 */
export const REPORT_TASK_DAY = reportFamily('taskDay', 'reportTaskDay', 1, sameDay, true, TASK_GROUPS_LEVEL);
/** The same per calendar month (time levels 1 and 2). */
export const REPORT_TASK_MONTH = reportFamily(
  'taskMonth',
  'reportTaskMonth',
  1,
  monthOf,
  true,
  TASK_GROUPS_LEVEL,
);
/** A project's time of one (billable, tags) group in one ISO week, by its Monday (time level 2 on). */
export const REPORT_WEEK = reportFamily('week', 'reportWeek', 2, mondayOf, false);

/** How often each tag is used on a project's time entries (the tag suggestions; time level 1 on). */
export const TAG_USE: EntryRollupFamily = {
  name: 'tagUse',
  writtenBy: 'entry',
  counts: { time: 1 },
  items: (userId, c) =>
    (c.tags ?? []).map((tag) => ({
      key: tagUseKey(userId, c.projectId, tag),
      set: { type: 'TAGUSE', projectId: c.projectId, name: tag },
    })),
  delta: (_c, sign) => ({ useCount: sign }),
};
