import { foldTag } from '../../../contract/tags';
import type { EntryKind } from '../core/keys';
import { tagDayRollupKey, tagDayRollupRange } from '../core/keys';
import { DAY, TASK_DAY, TASK_INDEX, TASK_MONTH, TOTALS } from './chart-rollups';
import { REPORT_TASK_DAY, REPORT_TASK_MONTH, REPORT_WEEK, TAG_USE } from './report-rollups';
import type { Contribution, EntryRollupFamily, RollupFamily, StreamRollupFamily } from './rollup-family';
import { levelOf } from './rollup-levels';
import { TASK_DAY_GROUP, TASK_MONTH_GROUP } from './task-group-rollups';
import { TAX_MONTH } from './tax-rollups';

/**
 * The one list of rollup families: everything derived from entries by adding them up. Each is one
 * descriptor (`./rollup-family.ts`): the kinds of entry it counts and from which rollup level on,
 * how its keys are made from an entry, what an entry's change ADDs to them, and how a range of it
 * is read. The generic writer (`./rollups.ts`) makes an entry's transaction items by going down
 * this list, the generic back-fill (`./rollup-backfill.ts`) adds what an entry stored below the
 * current level misses, and the generic reader (`./rollup-queries.ts`) reads a family's range.
 * How to add a family: `./README.md`.
 *
 * The order is the order of an entry's transaction items.
 */

/**
 * One tag's time on one day, every project's sums in one string per project (`./tag-rollups.ts`).
 * Written by the table's stream with a mark per entry, not in the entry's transaction (`./README.md`
 * says why); its back-fill is the second pass of `npm run backfill:reports`.
 */
export const TAG_DAY: StreamRollupFamily = {
  name: 'tagDay',
  writtenBy: 'stream',
  counts: { time: 1 },
  keys: (userId, c) => (c.tags ?? []).map((tag) => tagDayRollupKey(userId, foldTag(tag), c.day)),
  read: { period: (day) => day, range: tagDayRollupRange },
  writer: 'tag-rollup-writes.ts',
};

export const ROLLUP_FAMILIES: readonly RollupFamily[] = [
  TOTALS,
  DAY,
  TASK_DAY,
  TASK_MONTH,
  REPORT_TASK_DAY,
  REPORT_TASK_MONTH,
  TASK_DAY_GROUP,
  TASK_MONTH_GROUP,
  REPORT_WEEK,
  TAG_USE,
  TAX_MONTH,
  TASK_INDEX,
  TAG_DAY,
];

/** The families written in each entry's own transaction, in the transaction's order. */
export const ENTRY_FAMILIES: readonly EntryRollupFamily[] = ROLLUP_FAMILIES.filter(
  (f): f is EntryRollupFamily => f.writtenBy === 'entry',
);

/** Whether a family counts an entry of this contribution's kind at the level it is counted at. */
export function countsIn(family: RollupFamily, c: Contribution): boolean {
  const since = family.counts[c.kind];
  const until = family.until?.[c.kind] ?? Number.POSITIVE_INFINITY;
  const level = levelOf(c);
  return since !== undefined && level >= since && level < until;
}

/**
 * The highest level any family counts a kind of entry from or stops counting it at: what
 * `ROLLUP_LEVELS` must say.
 */
export const highestLevel = (kind: EntryKind) =>
  Math.max(0, ...ROLLUP_FAMILIES.map((f) => Math.max(f.counts[kind] ?? 0, f.until?.[kind] ?? 0)));
