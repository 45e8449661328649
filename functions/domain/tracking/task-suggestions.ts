import type { ProjectTaskList } from '../../../contract/responses';
import type { UserRecord } from '../../data/identity/users';
import { listDeletingProjectIds } from '../../data/tracking/projects';
import { listTaskIndex, type TaskIndexEntry } from '../../data/tracking/task-lists';
import { toProjectTaskList } from './responses';

/** The task suggestions: earlier tasks and sub-tasks per project, from the task index. */

export type { ProjectTaskList };

const byText = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base' }) || a.localeCompare(b);

/**
 * Groups task index entries into the suggestion lists (pure): a pair's use counts are summed first
 * (one pair may have an item under the first release's key and one under the current key), then
 * pairs no longer used by any activity (sum 0) are left out; tasks and sub-tasks sorted
 * case-insensitively. Pairs are exact text: `Design` and `design` are two tasks.
 */
export function groupTaskList(entries: TaskIndexEntry[]): ProjectTaskList[] {
  const uses = new Map<string, TaskIndexEntry>();
  for (const e of entries) {
    const key = JSON.stringify([e.projectId, e.task, e.subTask]);
    const seen = uses.get(key);
    if (seen) seen.useCount += e.useCount;
    else uses.set(key, { ...e });
  }
  const projects = new Map<string, Map<string, Set<string>>>();
  for (const e of uses.values()) {
    if (e.useCount <= 0) continue;
    const tasks = projects.get(e.projectId) ?? new Map<string, Set<string>>();
    projects.set(e.projectId, tasks);
    const subTasks = tasks.get(e.task) ?? new Set<string>();
    tasks.set(e.task, subTasks);
    if (e.subTask !== '') subTasks.add(e.subTask);
  }
  return [...projects.entries()].map(([projectId, tasks]) =>
    toProjectTaskList(
      projectId,
      [...tasks.entries()]
        .sort(([a], [b]) => byText(a, b))
        .map(([task, subTasks]) => ({ task, subTasks: [...subTasks].sort(byText) })),
    ),
  );
}

/**
 * The task index of one kind without the projects being deleted (their index items go with the
 * clean-up, which may still be under way): two Queries in parallel.
 */
async function liveTaskIndex(userId: string, kind: 'time' | 'finance'): Promise<TaskIndexEntry[]> {
  const [entries, deleting] = await Promise.all([
    listTaskIndex(userId, kind),
    listDeletingProjectIds(userId),
  ]);
  return deleting.size === 0 ? entries : entries.filter((e) => !deleting.has(e.projectId));
}

/** The time-entry suggestions of all the user's projects, from the task index. */
export async function getTaskList(user: UserRecord): Promise<ProjectTaskList[]> {
  return groupTaskList(await liveTaskIndex(user._id, 'time'));
}

/** The income/expense suggestions of all the user's projects, from the task index. */
export async function getFinanceTaskList(user: UserRecord): Promise<ProjectTaskList[]> {
  return groupTaskList(await liveTaskIndex(user._id, 'finance'));
}
