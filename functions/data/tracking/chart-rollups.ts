import {
  dayRollupKey,
  dayRollupRange,
  projectKey,
  taskDayRollupKey,
  taskDayRollupRange,
  taskIndexKey,
  taskMonthRollupKey,
  taskMonthRollupRange,
} from '../core/keys';
import { billableAdds } from './report-rollups';
import type { EntryRollupFamily } from './rollup-family';
import { TASK_GROUPS_LEVEL } from './rollup-levels';
import { taskAttributes } from './task-attributes';

/**
 * The families of the totals, the charts and the task suggestions (the charts read them in
 * `./rollup-queries.ts`; registered in `./rollup-registry.ts`). All items sit in the user's partition:
 *
 *   project totals   `PROJECT#<projectId>`                          totalHours, totalIncomeCents, totalExpensesCents
 *   day rollup       `DAY#<projectId>#<yyyy-mm-dd>`                 timeMs, incomeCents, expenseCents (+ billable sums)
 *   task-day rollup  `TASKDAY#<projectId>#<yyyy-mm-dd>#<pair>`      timeMs, activity, description
 *   task-month rollup `TASKMONTH#<projectId>#<yyyy-mm>#<pair>`      timeMs, activity, description
 *   time task index  `TASK#<projectId>#<pair>`                     useCount, activity, description
 *   finance task idx `FINTASK#<projectId>#<pair>`                   useCount, activity, description
 *
 * `<pair>` is `taskPairHash(task, sub-task)`: 22 characters whatever the text. The text itself is
 * only in the `activity` and `description` attributes (task and sub-task, written by
 * `taskAttributes`), which every reader groups by. Why not the text in the key: DynamoDB caps a sort key at 1,024 bytes, and 200 Japanese characters are 600
 * bytes of UTF-8 and 1,800 URL-encoded, so entries in Japanese or with many accents were refused.
 *
 * Why a month rollup next to the task-day one: on a dense history a year holds ≈ 365 × (tasks ×
 * sub-tasks) task-day items, so the task pie and grids would read more the denser the history.
 * Months of a range are read from the month items instead (≈ 12 × pairs for a year), and only
 * the days that make up a partial edge month from the task-day items.
 *
 * Items written by the first release carry `<enc(task)>#<enc(sub-task)>` (URL-encoded text) where
 * the hash is now. They sit inside the same prefixes and ranges, and every reader sums by the text
 * attributes, so old and new items of one pair add up (see `functions/data/README.md`).
 */

/** The `yyyy-mm` month of a `yyyy-mm-dd` day. */
export const monthOf = (day: string) => day.slice(0, 7);

const sameDay = (day: string) => day;

/** The project's totals: must exist and be live, so writing into a missing project fails. */
export const TOTALS: EntryRollupFamily = {
  name: 'totals',
  writtenBy: 'entry',
  counts: { time: 0, finance: 0 },
  mustExist: true,
  items: (userId, c) => [{ key: projectKey(userId, c.projectId), set: {} }],
  delta: (c, sign) => ({
    totalHours: sign * c.timeMs,
    totalIncomeCents: sign * c.incomeCents,
    totalExpensesCents: sign * c.expenseCents,
  }),
};

/** A project's day: time and money, and (time, level 1 on) the billable time, exact and rounded. */
export const DAY: EntryRollupFamily = {
  name: 'day',
  writtenBy: 'entry',
  counts: { time: 0, finance: 0 },
  items: (userId, c) => [
    {
      key: dayRollupKey(userId, c.projectId, c.day),
      set: { type: 'DAY', projectId: c.projectId, day: c.day },
    },
  ],
  delta: (c, sign) => ({
    timeMs: sign * c.timeMs,
    incomeCents: sign * c.incomeCents,
    expenseCents: sign * c.expenseCents,
    ...(c.kind === 'time' ? billableAdds(c, sign) : {}),
  }),
  read: { period: sameDay, range: dayRollupRange },
};

const taskTime = (c: { timeMs: number }, sign: 1 | -1) => ({ timeMs: sign * c.timeMs });

/** A project's time on one task and sub-task on one day (time entries below level 3). */
export const TASK_DAY: EntryRollupFamily = {
  name: 'taskDay',
  writtenBy: 'entry',
  counts: { time: 0 },
  until: { time: TASK_GROUPS_LEVEL },
  items: (userId, c) => [
    {
      key: taskDayRollupKey(userId, c.projectId, c.day, c.task, c.subTask),
      set: { type: 'TASKDAY', projectId: c.projectId, day: c.day, ...taskAttributes(c) },
    },
  ],
  delta: taskTime,
  read: { period: sameDay, range: taskDayRollupRange },
};

/** A project's time on one task and sub-task in one calendar month (time entries below level 3). */
export const TASK_MONTH: EntryRollupFamily = {
  name: 'taskMonth',
  writtenBy: 'entry',
  counts: { time: 0 },
  until: { time: TASK_GROUPS_LEVEL },
  items: (userId, c) => [
    {
      key: taskMonthRollupKey(userId, c.projectId, monthOf(c.day), c.task, c.subTask),
      set: { type: 'TASKMONTH', projectId: c.projectId, month: monthOf(c.day), ...taskAttributes(c) },
    },
  ],
  delta: taskTime,
  read: { period: monthOf, range: taskMonthRollupRange },
};

/** How often a task and sub-task is used on a project, per kind (entries naming no task: none). */
export const TASK_INDEX: EntryRollupFamily = {
  name: 'taskIndex',
  writtenBy: 'entry',
  counts: { time: 0, finance: 0 },
  items: (userId, c) =>
    c.task === '' && c.subTask === ''
      ? []
      : [
          {
            key: taskIndexKey(c.kind, userId, c.projectId, c.task, c.subTask),
            set: {
              type: c.kind === 'time' ? 'TASK' : 'FINTASK',
              projectId: c.projectId,
              ...taskAttributes(c),
            },
          },
        ],
  delta: (_c, sign) => ({ useCount: sign }),
};
