/**
 * How a task and sub-task are stored. Every item that carries them (entries, the timer, the
 * task-day and task-month rollups, the task index) keeps them in the attributes `activity` and
 * `description`, the first release's names, which the stored data still uses; records call them
 * `task` and `subTask`. Only this module spells those two attribute names.
 */

/** A task and its sub-task; either may be empty. */
export interface TaskPair {
  task: string;
  subTask: string;
}

/** The item attributes holding a task pair. */
export const taskAttributes = (pair: TaskPair) => ({ activity: pair.task, description: pair.subTask });

/** The task pair of an item; a missing task or sub-task is empty. */
export const taskPairFromItem = (item: Record<string, unknown>): TaskPair => ({
  task: (item.activity as string) ?? '',
  subTask: (item.description as string) ?? '',
});

/** The attribute names of a task pair, for a ProjectionExpression. */
export const TASK_PAIR_PROJECTION = 'activity, description';
