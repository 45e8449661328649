import type {
  RecurringExpense,
  RecurringExpenseCreateBody,
  RecurringExpenseUpdateBody,
} from '@contract/recurring';
import type { Project } from '@contract/responses';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { client, fetcher } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';

/** The recurring expenses and the projects they book into (the same cache key as the projects list). */
export type { RecurringExpense };

export const RECURRING_KEY = client.url('listRecurringExpenses');

/** GET /api/recurringexpenses, oldest first. */
export function useRecurringExpenses() {
  return useSWR<RecurringExpense[]>(RECURRING_KEY, fetcher);
}

/** GET /api/projects: the projects a rule may book into. */
export function useProjectChoices() {
  return useSWR<Project[]>(client.url('listProjects'), fetcher);
}

/**
 * Adds, edits and deletes rules, each asking again for what its endpoint makes stale: adding or
 * editing one may book expenses at once (totals, charts, the projects' money lists).
 */
export function useRecurringExpenseActions() {
  const { mutate } = useSWRConfig();
  const create = useCallback(
    async (body: RecurringExpenseCreateBody) => {
      const created = await client.call('createRecurringExpense', { body });
      await revalidateAfter(mutate, 'createRecurringExpense');
      return created;
    },
    [mutate],
  );
  const update = useCallback(
    async (id: string, body: RecurringExpenseUpdateBody) => {
      const updated = await client.call('updateRecurringExpense', { path: { id }, body });
      await revalidateAfter(mutate, 'updateRecurringExpense');
      return updated;
    },
    [mutate],
  );
  const remove = useCallback(
    async (id: string) => {
      await client.call('deleteRecurringExpense', { path: { id } });
      await revalidateAfter(mutate, 'deleteRecurringExpense');
    },
    [mutate],
  );
  return { create, update, remove };
}
