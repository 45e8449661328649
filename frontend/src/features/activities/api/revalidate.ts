import type { ReadName, WriteName } from '@contract/endpoints';
import type { ScopedMutator } from 'swr';
import { revalidateAfter } from '@/lib/api-keys';

/**
 * After a write of entries, everything its endpoint makes stale (`invalidates` in the contract:
 * the totals, suggestions, charts and grids of every project, the timesheet…), but of the lists
 * kept per project only those of the projects it touched (an edit can move an entry between two).
 * `fresh`: reads whose new answer the write's own answer has put in the cache (the timer's).
 */
export function revalidateAfterEntryWrite(
  mutate: ScopedMutator,
  write: WriteName,
  projectIds: string[],
  fresh: readonly ReadName[] = [],
) {
  return revalidateAfter(mutate, write, { only: { projectId: projectIds }, fresh });
}
