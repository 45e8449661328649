import type { ScopedMutator } from 'swr';
import { client } from '@/lib/api-client';
import { isDerivedFromEntries, isKeyOf, keyPath } from '@/lib/api-keys';

/**
 * After an entry changes, everything derived from it is stale: the totals, task suggestions,
 * charts and grids of every project ({@link isDerivedFromEntries}), the entry lists of each project
 * the change touched (an edit can move an entry between projects), the timesheet (it lists every
 * project) and the running timer (its stop may have saved the entry).
 */
export function revalidateAfterActivityChange(mutate: ScopedMutator, projectIds: string[]) {
  const lists = new Set(
    projectIds.flatMap((projectId) => [
      client.url('listTimeActivities', { path: { projectId } }),
      client.url('listFinanceActivities', { path: { projectId } }),
    ]),
  );
  return mutate((key) => {
    const path = keyPath(key);
    if (path === undefined) return false;
    return (
      isDerivedFromEntries(key) ||
      lists.has(path) ||
      isKeyOf(key, 'listTimesheet') ||
      isKeyOf(key, 'getTimer')
    );
  });
}
