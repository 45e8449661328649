import type {
  RecurringExpense,
  RecurringExpenseCreateBody,
  RecurringExpenseUpdateBody,
} from '@contract/recurring';
import type { Project } from '@contract/responses';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { client, fetcher } from '@/lib/api-client';
import { isDerivedFromEntries, isKeyOf, keyPath } from '@/lib/api-keys';

/** The recurring expenses and the projects they book into (the same cache key as the projects list). */
export type { RecurringExpense };

export const RECURRING_KEY = client.url('listRecurringExpenses');

/** The start of every project's money list key (`/api/financeactivities/<projectId>`). */
const FINANCE_LISTS = client.url('listFinanceActivities', { path: { projectId: '' } });

/** GET /api/recurringexpenses, oldest first. */
export function useRecurringExpenses() {
  return useSWR<RecurringExpense[]>(RECURRING_KEY, fetcher);
}

/** GET /api/projects: the projects a rule may book into. */
export function useProjectChoices() {
  return useSWR<Project[]>(client.url('listProjects'), fetcher);
}

/**
 * Adds, edits and deletes rules. Adding or editing one may book expenses at once, so every answer
 * derived from entries (totals, charts, the project's money list) is asked for again.
 */
export function useRecurringExpenseActions() {
  const { mutate } = useSWRConfig();
  const refresh = useCallback(
    () =>
      mutate((key) => {
        const path = keyPath(key);
        return (
          path === RECURRING_KEY ||
          isDerivedFromEntries(key) ||
          isKeyOf(key, 'listTimesheet') ||
          path?.startsWith(FINANCE_LISTS) === true
        );
      }),
    [mutate],
  );
  const create = useCallback(
    async (body: RecurringExpenseCreateBody) => {
      const created = await client.call('createRecurringExpense', { body });
      await refresh();
      return created;
    },
    [refresh],
  );
  const update = useCallback(
    async (id: string, body: RecurringExpenseUpdateBody) => {
      const updated = await client.call('updateRecurringExpense', { path: { id }, body });
      await refresh();
      return updated;
    },
    [refresh],
  );
  const remove = useCallback(
    async (id: string) => {
      await client.call('deleteRecurringExpense', { path: { id } });
      await mutate(RECURRING_KEY);
    },
    [mutate],
  );
  return { create, update, remove };
}
