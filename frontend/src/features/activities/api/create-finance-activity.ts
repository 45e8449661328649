import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import type { FinanceActivity } from './get-finance-activities';
import { revalidateAfterActivityChange } from './revalidate';

/** What the income and expense forms send; `amount` is positive, `expense` says the side. */
export interface FinanceActivityInput {
  projectId: string;
  activity: string;
  description: string;
  date: string;
  amount: number;
  expense: boolean;
  notes: string;
}

/**
 * POST /api/financeactivities. `_id` is a ULID the form makes per entry: re-sending the same entry (a retry
 * after a lost answer) is stored and counted once.
 */
export const createFinanceActivity = (input: FinanceActivityInput & { _id?: string }) =>
  api<FinanceActivity>('POST', '/api/financeactivities', input);

/** Creates an income or expense and revalidates the projects list, the project's lists and charts. */
export function useCreateFinanceActivity() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: FinanceActivityInput & { _id?: string }) => {
      const created = await createFinanceActivity(input);
      await revalidateAfterActivityChange(mutate, [input.projectId]);
      return created;
    },
    [mutate],
  );
}
