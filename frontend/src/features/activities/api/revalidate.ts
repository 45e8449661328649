import type { ScopedMutator } from 'swr';
import { API_PATHS, isDerivedFromEntries, keyPath } from '@/lib/api-keys';

/**
 * After an entry changes, everything derived from it is stale: the totals, task suggestions,
 * charts and grids of every project ({@link isDerivedFromEntries}), the entry lists of each project
 * the change touched (an edit can move an entry between projects), the timesheet (it lists every
 * project) and the running timer (its stop may have saved the entry).
 */
export function revalidateAfterActivityChange(mutate: ScopedMutator, projectIds: string[]) {
  const lists = new Set(
    projectIds.flatMap((id) => [
      `/api/timeactivities/${encodeURIComponent(id)}`,
      `/api/financeactivities/${encodeURIComponent(id)}`,
    ]),
  );
  return mutate((key) => {
    const path = keyPath(key);
    if (path === undefined) return false;
    return (
      isDerivedFromEntries(key) || lists.has(path) || path === API_PATHS.timesheet || path === API_PATHS.timer
    );
  });
}
