/**
 * Suggestions for the Task and Sub-Task inputs: earlier values of the chosen project, matched by a
 * case-insensitive prefix from the first typed character.
 */

/** The earlier tasks of one project and, per task, its earlier sub-tasks. */
export interface ProjectTasks {
  tasks: string[];
  subTasks: Map<string, string[]>;
}

export type TaskIndex = Map<string, ProjectTasks>;

interface TaskListEntry {
  projectId?: unknown;
  tasks?: unknown;
  activity?: unknown;
  description?: unknown;
  descriptions?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

function entryFor(index: TaskIndex, projectId: string): ProjectTasks {
  let entry = index.get(projectId);
  if (!entry) {
    entry = { tasks: [], subTasks: new Map() };
    index.set(projectId, entry);
  }
  return entry;
}

function add(index: TaskIndex, projectId: string, task: string | undefined, subs: unknown[]) {
  const entry = entryFor(index, projectId);
  const key = task ?? '';
  if (task && !entry.tasks.includes(task)) entry.tasks.push(task);
  const list = entry.subTasks.get(key) ?? [];
  for (const s of subs) {
    const sub = str(s);
    if (sub && !list.includes(sub)) list.push(sub);
  }
  entry.subTasks.set(key, list);
}

/**
 * Reads the task-list answer (`GET /api/projecttasklist` or `/api/projectfinancetasklist`) into a
 * per-project index. Accepts the documented nested shape
 * `[{projectId, tasks: [{activity, descriptions: [...]}]}]` and also flat rows
 * `[{projectId, activity, description}]`, so a change of shape degrades to fewer suggestions, not a crash.
 */
export function buildTaskIndex(list: unknown): TaskIndex {
  const index: TaskIndex = new Map();
  if (!Array.isArray(list)) return index;
  for (const raw of list as TaskListEntry[]) {
    const projectId = str(raw?.projectId);
    if (!projectId) continue;
    if (Array.isArray(raw.tasks)) {
      for (const t of raw.tasks as TaskListEntry[]) {
        if (typeof t === 'string') add(index, projectId, str(t), []);
        else
          add(
            index,
            projectId,
            str(t?.activity),
            Array.isArray(t?.descriptions) ? t.descriptions : [t?.description],
          );
      }
    } else {
      add(
        index,
        projectId,
        str(raw.activity),
        Array.isArray(raw.descriptions) ? raw.descriptions : [raw.description],
      );
    }
  }
  return index;
}

/** Values starting with `typed` (case-insensitive), without the exact value already typed. */
export function matchPrefix(values: readonly string[], typed: string, limit = 8): string[] {
  const needle = typed.trim().toLocaleLowerCase();
  if (!needle) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const lower = v.toLocaleLowerCase();
    if (!lower.startsWith(needle) || seen.has(lower) || v === typed) continue;
    seen.add(lower);
    out.push(v);
    if (out.length >= limit) break;
  }
  return out;
}

/** Earlier tasks of a project. */
export function tasksOf(index: TaskIndex, projectId: string | undefined): string[] {
  return (projectId && index.get(projectId)?.tasks) || [];
}

/** Earlier sub-tasks of a project: the chosen task's first, then the project's others. */
export function subTasksOf(index: TaskIndex, projectId: string | undefined, task: string): string[] {
  const entry = projectId ? index.get(projectId) : undefined;
  if (!entry) return [];
  const lowerTask = task.trim().toLocaleLowerCase();
  const first: string[] = [];
  const rest: string[] = [];
  for (const [t, subs] of entry.subTasks) (t.toLocaleLowerCase() === lowerTask ? first : rest).push(...subs);
  return [...new Set([...first, ...rest])];
}
