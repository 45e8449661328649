import { ROUNDING_VARIANTS, roundEntryMs, roundedAttribute } from '../../../contract/rounding';
import { type ReportFamily, reportGroupHash, reportRollupKey, tagUseKey } from '../core/keys';

/** What a report rollup needs of one time entry's contribution (`Contribution` in `./rollups.ts`). */
interface Contribution {
  projectId: string;
  day: string;
  task: string;
  timeMs: number;
  billable?: boolean;
  tags?: readonly string[];
  /** The rollups the entry's stored item was counted in (`ROLLUP_LEVEL`); absent: the current ones. */
  rollupLevel?: number;
}

/**
 * Which report rollups a time entry's item has been counted in, stored on the entry as
 * `rollupLevel` by every write since level 2:
 *   0 — none (entries stored before release 3: no `billable` attribute, no `rollupLevel`);
 *   1 — the day, month, task-day and task-month items, the tag index and the day rollup's
 *       billable sums (release 3's first build: `billable` but no `rollupLevel`);
 *   2 — those and the week items (`REPWEEK#`).
 * An edit or delete takes out exactly what the stored entry was counted in (its level) and writes
 * the new version at the current level; `npm run backfill:reports` raises the others.
 */
export const ROLLUP_LEVEL = 2;

/** The level of a stored time entry item (see `ROLLUP_LEVEL`). */
export function rollupLevelOfItem(item: Record<string, unknown>): number {
  if (typeof item.rollupLevel === 'number') return item.rollupLevel;
  return item.billable === undefined ? 0 : 1;
}

const levelOf = (c: Contribution) => c.rollupLevel ?? ROLLUP_LEVEL;

/** One item change, as `Effect` in `./rollups.ts` (which imports this module, so not from there). */
interface Effect {
  key: { PK: string; SK: string };
  add: Record<string, number>;
  set: Record<string, unknown>;
  mustExist: boolean;
}

/**
 * The WRITE side of the report rollups and the tag index (reports read them in
 * `./report-queries.ts`). All items sit in the user's partition, project first, so a deleted
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
  if (c.billable === false || levelOf(c) < 1) return {};
  return { billableMs: sign * c.timeMs, ...roundedAdds(c.timeMs, sign) };
}

const monthOf = (day: string) => day.slice(0, 7);

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

/**
 * The report rollup and tag index effects of adding (`sign` 1) or removing (-1) one time entry:
 * those of its level (`c.rollupLevel`, see `ROLLUP_LEVEL`).
 */
export function reportEffects(userId: string, c: Contribution, sign: 1 | -1): Effect[] {
  const level = levelOf(c);
  if (level < 1) return [];
  const billable = c.billable !== false;
  const tags = [...(c.tags ?? [])];
  const add = { timeMs: sign * c.timeMs, count: sign, ...(billable ? roundedAdds(c.timeMs, sign) : {}) };
  const item = (family: ReportFamily, period: string, withTask: boolean): Effect => ({
    key: reportRollupKey(
      family,
      userId,
      c.projectId,
      period,
      reportGroupHash(billable, tags, withTask ? c.task : undefined),
    ),
    add: { ...add },
    set: {
      type: ITEM_TYPE[family],
      projectId: c.projectId,
      period,
      billable,
      tags,
      ...(withTask ? { activity: c.task } : {}),
    },
    mustExist: false,
  });
  const effects = [item('taskDay', c.day, true), item('taskMonth', monthOf(c.day), true)];
  if (level >= 2) effects.push(item('week', mondayOf(c.day), false));
  for (const tag of tags) {
    effects.push({
      key: tagUseKey(userId, c.projectId, tag),
      add: { useCount: sign },
      set: { type: 'TAGUSE', projectId: c.projectId, name: tag },
      mustExist: false,
    });
  }
  return effects;
}
