import { taskDayRollupRange, taskGroupHash, taskGroupKey, taskMonthRollupRange } from '../core/keys';
import { reportDelta } from './report-rollups';
import type { Contribution, EntryRollupFamily, RangeRead } from './rollup-family';
import { TASK_GROUPS_LEVEL } from './rollup-levels';
import { taskAttributes } from './task-attributes';

/**
 * The task group families (time level 3 on; registered in `./rollup-registry.ts`): a project's time
 * of one (billable, tags, task, sub-task) group on one day and in one calendar month,
 *
 *   task group day    `TASKDAY#<projectId>#<yyyy-mm-dd>#<group>`   billable, tags, activity, description
 *   task group month  `TASKMONTH#<projectId>#<yyyy-mm>#<group>`    billable, tags, activity, description
 *
 * each with `timeMs`, `count` and, for billable time, one sum per rounding variant, as the report
 * items hold. Until level 3 an entry counted in four items here: the task-day and task-month items
 * per (task, sub-task) that the task charts read (`./chart-rollups.ts`) and the report task-day and
 * task-month items per (billable, tags, task) that the reports read (`./report-rollups.ts`). One
 * item per group serves both: the charts add a range's items up by task and sub-task, the reports
 * by what they group on. So each time entry's write touches two items fewer, and an import of a
 * row on a new day or task one fewer (issues 35 and 39).
 *
 * The items sit under the task-day and task-month prefixes, so the charts' one range read finds the
 * items of entries below level 3 and these together; the reports read the report items of entries
 * at levels 1 and 2 and, from this range, the items that carry `billable` (`./report-queries.ts`).
 * `npm run backfill:reports` moves the entries below level 3 here.
 */

const sameDay = (day: string) => day;
const monthOf = (day: string) => day.slice(0, 7);

function groupFamily(span: 'day' | 'month', name: string, read: RangeRead): EntryRollupFamily {
  return {
    name,
    writtenBy: 'entry',
    counts: { time: TASK_GROUPS_LEVEL },
    items: (userId, c: Contribution) => {
      const billable = c.billable !== false;
      // Sorted as the group's hash sorts them, so the same tags in another order share the item.
      const tags = [...(c.tags ?? [])].sort();
      const period = read.period(c.day);
      const group = taskGroupHash(billable, tags, c.task, c.subTask);
      return [
        {
          key: taskGroupKey(span, userId, c.projectId, period, group),
          set: {
            type: span === 'day' ? 'TASKDAY' : 'TASKMONTH',
            projectId: c.projectId,
            [span]: period,
            billable,
            tags,
            ...taskAttributes(c),
          },
        },
      ];
    },
    delta: reportDelta,
    read,
  };
}

/** A project's time of one (billable, tags, task, sub-task) group on one day. */
export const TASK_DAY_GROUP = groupFamily('day', 'taskDayGroup', {
  period: sameDay,
  range: taskDayRollupRange,
});

/** The same per calendar month. */
export const TASK_MONTH_GROUP = groupFamily('month', 'taskMonthGroup', {
  period: monthOf,
  range: taskMonthRollupRange,
});
