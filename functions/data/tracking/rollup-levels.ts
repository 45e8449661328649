import type { EntryKind } from '../core/keys';

/**
 * Which rollups a stored entry has been counted in, per kind of entry: its `rollupLevel`. Every
 * rollup family (`./rollup-registry.ts`) says from which level of each kind it counts entries, and
 * the current level of a kind is the highest of those (a test holds the two together). Every write
 * stores the current level on the entry; an edit or delete takes out exactly what the stored entry
 * was counted in, and the back-fill (`./rollup-backfill.ts`) raises entries below it.
 *
 * Time entries:
 *   0 — none beyond the totals, day, task-day, task-month rollups and the task index (stored before
 *       release 3: no `billable` attribute, no `rollupLevel`);
 *   1 — and the report task-day and task-month items, the tag index and the day rollup's billable
 *       sums (release 3's first build: `billable` but no `rollupLevel`);
 *   2 — and the report week items (`REPWEEK#`);
 *   3 — the task-day and task-month items and the report task-day and task-month items folded
 *       into one task group item per (billable, tags, task, sub-task) and day or month
 *       (`./task-group-rollups.ts`): two fewer items in every time entry's write (issues 35, 39).
 * Finance entries:
 *   0 — none beyond the totals, day rollup and the task index (stored before the tax report);
 *   1 — and the tax month item.
 */
/**
 * The time level from which on an entry's task-day and task-month time is in the task group items
 * (`./task-group-rollups.ts`), no longer in the (task, sub-task) and report task items.
 */
export const TASK_GROUPS_LEVEL = 3;

export const ROLLUP_LEVELS: Readonly<Record<EntryKind, number>> = { time: 3, finance: 1 };

/** The level of a stored time entry item (see `ROLLUP_LEVELS`). */
export function rollupLevelOfItem(item: Record<string, unknown>): number {
  if (typeof item.rollupLevel === 'number') return item.rollupLevel;
  return item.billable === undefined ? 0 : 1;
}

/** The level of a stored finance entry item (see `ROLLUP_LEVELS`). */
export const financeRollupLevelOfItem = (item: Record<string, unknown>): number =>
  typeof item.rollupLevel === 'number' ? item.rollupLevel : 0;

/** The level of a stored entry item of each kind. */
export const ROLLUP_LEVEL_OF_ITEM: Readonly<Record<EntryKind, (item: Record<string, unknown>) => number>> = {
  time: rollupLevelOfItem,
  finance: financeRollupLevelOfItem,
};

/** The level an entry's contribution is counted at: the stored one, absent the current one. */
export const levelOf = (c: { kind: EntryKind; rollupLevel?: number }) =>
  c.rollupLevel ?? ROLLUP_LEVELS[c.kind];
