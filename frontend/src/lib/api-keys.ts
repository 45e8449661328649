import { client } from './api-client';

/**
 * The API paths whose answers the app keeps in its cache (SWR keys) and which of them a change
 * makes stale. Each feature's API module takes its path from here, so what a change invalidates
 * is decided by name, not by how the paths happen to be spelled.
 */
export const API_PATHS = {
  projects: client.url('listProjects'),
  taskList: client.url('getProjectTaskList'),
  financeTaskList: client.url('getProjectFinanceTaskList'),
  timeTrackedChart: client.url('getTimeTrackedChart'),
  profitLossChart: client.url('getProfitLossChart'),
  profitLossPerHourChart: client.url('getProfitLossPerHourChart'),
  timePerTaskChart: client.url('getTimePerTaskChart'),
  timePerProjectChart: client.url('getTimePerProjectChart'),
  totalTimeTrackedChart: client.url('getTotalTimeTrackedChart'),
  timePerTaskGrid: client.url('getTimePerTaskGrid'),
  timePerSubTaskGrid: client.url('getTimePerSubtaskGrid'),
  timesheet: client.url('listTimesheet'),
  timer: client.url('getTimer'),
};

/** Paged lists are cached under SWR's `$inf$` key of their first page's key. */
const INFINITE_PREFIX = '$inf$';

/** The path of a cache key, without the query and the paged-list prefix; `undefined` if it is none. */
export function keyPath(key: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  const path = key.startsWith(INFINITE_PREFIX) ? key.slice(INFINITE_PREFIX.length) : key;
  return path.split('?')[0];
}

/**
 * Answers computed from the entries of every project: the projects list (totals), the task
 * suggestions, and every chart and grid (the dashboard's cover all projects).
 */
const DERIVED_FROM_ENTRIES: ReadonlySet<string> = new Set([
  API_PATHS.projects,
  API_PATHS.taskList,
  API_PATHS.financeTaskList,
  API_PATHS.timeTrackedChart,
  API_PATHS.profitLossChart,
  API_PATHS.profitLossPerHourChart,
  API_PATHS.timePerTaskChart,
  API_PATHS.timePerProjectChart,
  API_PATHS.totalTimeTrackedChart,
  API_PATHS.timePerTaskGrid,
  API_PATHS.timePerSubTaskGrid,
]);

/** Whether a cached answer is stale once an entry, or a whole project, has changed. */
export function isDerivedFromEntries(key: unknown): boolean {
  const path = keyPath(key);
  return path !== undefined && DERIVED_FROM_ENTRIES.has(path);
}
