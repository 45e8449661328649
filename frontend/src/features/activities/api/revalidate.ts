import type { ScopedMutator } from 'swr';

/**
 * After an activity changes, everything derived from it is stale: the projects list (totals), the
 * project's activity lists, the suggestion lists and every chart or grid (all chart paths start with
 * `/api/project`). Revalidates those keys, for every project the change touched (an edit can move an
 * activity between projects).
 */
export function revalidateAfterActivityChange(mutate: ScopedMutator, projectIds: string[]) {
  const lists = new Set(
    projectIds.flatMap((id) => [
      `/api/timeactivities/${encodeURIComponent(id)}`,
      `/api/financeactivities/${encodeURIComponent(id)}`,
    ]),
  );
  return mutate((key) => typeof key === 'string' && (lists.has(key) || key.startsWith('/api/project')));
}
