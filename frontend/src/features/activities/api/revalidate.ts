import type { ScopedMutator } from 'swr';

/**
 * After an activity changes, everything derived from it is stale: the projects list (totals), the
 * project's activity lists, the suggestion lists, every chart or grid (all chart paths start with
 * `/api/project`), the timesheet and the running timer. Revalidates those keys, for every project the change touched (an edit can move an
 * activity between projects).
 */
export function revalidateAfterActivityChange(mutate: ScopedMutator, projectIds: string[]) {
  const lists = new Set(
    projectIds.flatMap((id) => [
      `/api/timeactivities/${encodeURIComponent(id)}`,
      `/api/financeactivities/${encodeURIComponent(id)}`,
    ]),
  );
  return mutate((key) => {
    if (typeof key !== 'string') return false;
    // Paged lists are cached under SWR's `$inf$` key of their first page's path.
    const path = key.startsWith('$inf$') ? key.slice('$inf$'.length) : key;
    return (
      lists.has(path.split('?')[0] ?? path) ||
      path.startsWith('/api/project') ||
      // The timesheet lists every project; the running timer may have saved the entry.
      path.startsWith('/api/timeactivities?') ||
      path === '/api/timer'
    );
  });
}
