import type { FinanceActivityCreateBody } from '@contract/activities';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfterActivityChange } from './revalidate';

/**
 * What the income and expense forms send: every field of the body but `_id`. `amount` is positive,
 * `expense` says the side.
 */
export type FinanceActivityInput = Required<Omit<FinanceActivityCreateBody, '_id'>>;

/**
 * POST /api/financeactivities. `_id` is a ULID the form makes per entry: re-sending the same entry (a retry
 * after a lost answer) is stored and counted once.
 */
export const createFinanceActivity = (input: FinanceActivityCreateBody) =>
  client.call('createFinanceActivity', { body: input });

/** Creates an income or expense and revalidates the projects list, the project's lists and charts. */
export function useCreateFinanceActivity() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: FinanceActivityInput & Pick<FinanceActivityCreateBody, '_id'>) => {
      const created = await createFinanceActivity(input);
      await revalidateAfterActivityChange(mutate, [input.projectId]);
      return created;
    },
    [mutate],
  );
}
