import type { EndpointName } from '@contract/endpoints';
import { client } from './api-client';

/**
 * What the app keeps in its cache (SWR keys, the URLs `client.url` makes) and which answers a
 * change makes stale, named by endpoint: the paths themselves are the contract's
 * (`contract/endpoints/`), written nowhere in the app.
 */

/** Paged lists are cached under SWR's `$inf$` key of their first page's key. */
const INFINITE_PREFIX = '$inf$';

/** The path of a cache key, without the query and the paged-list prefix; `undefined` if it is none. */
export function keyPath(key: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  const path = key.startsWith(INFINITE_PREFIX) ? key.slice(INFINITE_PREFIX.length) : key;
  return path.split('?')[0];
}

/** The GET endpoints of the app's cache that take no path parameter. */
type CachedList =
  | 'listProjects'
  | 'getProjectTaskList'
  | 'getProjectFinanceTaskList'
  | 'getTimeTrackedChart'
  | 'getProfitLossChart'
  | 'getProfitLossPerHourChart'
  | 'getTimePerTaskChart'
  | 'getTimePerProjectChart'
  | 'getTotalTimeTrackedChart'
  | 'getTimePerTaskGrid'
  | 'getTimePerSubtaskGrid'
  | 'listTimesheet'
  | 'getTimer'
  | 'getTags'
  | 'getReport'
  | 'getTaxReport';

/** Whether a cache key holds an answer of the endpoint `name` (any query, any page). */
export const isKeyOf = (key: unknown, name: CachedList & EndpointName): boolean =>
  keyPath(key) === client.url(name as 'listProjects');

/**
 * Answers computed from the entries of every project: the projects list (totals), the task
 * suggestions, and every chart and grid (the dashboard's cover all projects).
 */
const DERIVED_FROM_ENTRIES: readonly CachedList[] = [
  'listProjects',
  'getProjectTaskList',
  'getProjectFinanceTaskList',
  'getTimeTrackedChart',
  'getProfitLossChart',
  'getProfitLossPerHourChart',
  'getTimePerTaskChart',
  'getTimePerProjectChart',
  'getTotalTimeTrackedChart',
  'getTimePerTaskGrid',
  'getTimePerSubtaskGrid',
  'getTags',
  'getReport',
  // Income, expenses and paid invoices are the tax period's figures.
  'getTaxReport',
];

/** Whether a cached answer is stale once an entry, or a whole project, has changed. */
export function isDerivedFromEntries(key: unknown): boolean {
  return DERIVED_FROM_ENTRIES.some((name) => isKeyOf(key, name));
}
