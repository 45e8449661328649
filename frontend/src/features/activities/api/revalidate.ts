import type { ScopedMutator } from 'swr';
import { isDerivedFromEntries, isKeyOf, keyPath } from '@/lib/api-keys';
import { financeActivitiesKey } from './get-finance-activities';
import { timeActivitiesKey } from './get-time-activities';

/**
 * After an entry changes, everything derived from it is stale: the totals, task suggestions,
 * charts and grids of every project ({@link isDerivedFromEntries}), the entry lists of each project
 * the change touched (an edit can move an entry between projects), the timesheet (it lists every
 * project) and the running timer (its stop may have saved the entry).
 */
export function revalidateAfterActivityChange(mutate: ScopedMutator, projectIds: string[]) {
  const lists = new Set(projectIds.flatMap((id) => [timeActivitiesKey(id), financeActivitiesKey(id)]));
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
