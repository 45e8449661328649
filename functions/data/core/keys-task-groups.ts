import { createHash } from 'node:crypto';
import { periodGroupKey, TASK_DAY_PREFIX, TASK_MONTH_PREFIX, type TableKey } from './keys-base';

/**
 * The task group rollups (time level 3 on): a project's time of one (billable, tags, task,
 * sub-task) group on one day or in one month. They sit under the task-day and task-month prefixes
 * (`TASKDAY#<projectId>#<yyyy-mm-dd>#<group>`, `TASKMONTH#<projectId>#<yyyy-mm>#<group>`), so one
 * range read returns them with the (task, sub-task) items of older entries: the task charts add
 * both up by task, the reports read the group items (those with `billable`) by their group.
 */

/**
 * The key part naming a group: 22 characters of SHA-256 over the JSON of
 * `["group", billable, tags sorted, task, sub-task]`. Never equal to a pair's `taskPairHash`,
 * which hashes a two-element array.
 */
export function taskGroupHash(
  billable: boolean,
  tags: readonly string[],
  task: string,
  subTask: string,
): string {
  return createHash('sha256')
    .update(JSON.stringify(['group', billable, [...tags].sort(), task, subTask]), 'utf8')
    .digest('base64url')
    .slice(0, 22);
}

/** A group's item in the day or month `period` (`day`: `yyyy-mm-dd`; `month`: `yyyy-mm`). */
export const taskGroupKey = (
  span: 'day' | 'month',
  userId: string,
  projectId: string,
  period: string,
  group: string,
): TableKey =>
  periodGroupKey(span === 'day' ? TASK_DAY_PREFIX : TASK_MONTH_PREFIX, userId, projectId, period, group);
