import { DAY, TASK_DAY, TASK_MONTH } from './chart-rollups';
import { queryRollupRange } from './rollup-range';
import { TASK_PAIR_PROJECTION, type TaskPair, taskPairFromItem } from './task-attributes';

/**
 * The READ side of the per-day rollups (written by `./rollups.ts` in the same transaction as each
 * activity; each a range of its family read by `./rollup-range.ts`). The charts read these instead of the activities, so a chart costs one range Query per
 * project whose size depends on the days (and tasks) in the range — never on how many activities
 * the history holds:
 *
 *   day rollups       `USER#<uid>` / SK BETWEEN `DAY#<pid>#<start>` AND `DAY#<pid>#<end>`
 *   task-day rollups  `USER#<uid>` / SK BETWEEN `TASKDAY#<pid>#<start>#` AND `TASKDAY#<pid>#<end>$`
 *   task-month rollups `USER#<uid>` / SK BETWEEN `TASKMONTH#<pid>#<first>#` AND `TASKMONTH#<pid>#<last>$`
 *
 * (ranges from `taskDayRollupRange` / `taskMonthRollupRange`, which say why `$` closes them). A
 * pair's rows are told apart by their task and sub-task attributes, never by the key,
 * so items of one pair under the first release's keys add up with the current ones. The task
 * charts read months from the month items and at most about half of each partial edge month from the day items (see `planMonthReads`), so a year costs at most
 * ≈ 13 × (task, sub-task) pairs plus 30 edge days × pairs, whatever the length of the history.
 */

/** One project's day: what the day rollup item holds. */
export interface DayTotals {
  projectId: string;
  day: string;
  timeMs: number;
  incomeCents: number;
  expenseCents: number;
}

/** One project's time on one task and sub-task over some span: what the task charts add up. */
export interface TaskTotals extends TaskPair {
  projectId: string;
  timeMs: number;
}

/** One project's (day, task, sub-task): what the task-day rollup item holds. */
export interface TaskDayTotals extends TaskTotals {
  day: string;
}

/** One project's (month, task, sub-task): what the task-month rollup item holds. */
export interface TaskMonthTotals extends TaskTotals {
  /** `yyyy-mm`. */
  month: string;
}

/** Access pattern: a project's day rollups for an inclusive range of `yyyy-mm-dd` days. */
export async function queryDayRollups(
  userId: string,
  projectId: string,
  start: string,
  end: string,
): Promise<DayTotals[]> {
  const items = await queryRollupRange(DAY, userId, projectId, start, end, {
    expression: '#day, timeMs, incomeCents, expenseCents',
    names: { '#day': 'day' },
  });
  return items.map((item) => ({
    projectId,
    day: item.day as string,
    timeMs: Number(item.timeMs ?? 0),
    incomeCents: Number(item.incomeCents ?? 0),
    expenseCents: Number(item.expenseCents ?? 0),
  }));
}

/** Access pattern: a project's task-day rollups (time per task and sub-task per day) for a range. */
export async function queryTaskDayRollups(
  userId: string,
  projectId: string,
  start: string,
  end: string,
): Promise<TaskDayTotals[]> {
  const items = await queryRollupRange(TASK_DAY, userId, projectId, start, end, {
    expression: `#day, ${TASK_PAIR_PROJECTION}, timeMs`,
    names: { '#day': 'day' },
  });
  return items
    .map((item) => ({
      projectId,
      day: item.day as string,
      ...taskPairFromItem(item),
      timeMs: Number(item.timeMs ?? 0),
    }))
    .filter((row) => row.timeMs !== 0);
}

/**
 * Access pattern: a project's task-month rollups (time per task and sub-task per calendar month)
 * for an inclusive range of `yyyy-mm` months.
 */
export async function queryTaskMonthRollups(
  userId: string,
  projectId: string,
  firstMonth: string,
  lastMonth: string,
): Promise<TaskMonthTotals[]> {
  const items = await queryRollupRange(TASK_MONTH, userId, projectId, firstMonth, lastMonth, {
    expression: `#month, ${TASK_PAIR_PROJECTION}, timeMs`,
    names: { '#month': 'month' },
  });
  return items
    .map((item) => ({
      projectId,
      month: item.month as string,
      ...taskPairFromItem(item),
      timeMs: Number(item.timeMs ?? 0),
    }))
    .filter((row) => row.timeMs !== 0);
}
