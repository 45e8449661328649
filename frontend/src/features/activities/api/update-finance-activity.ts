import type { FinanceActivityUpdateBody } from '@contract/activities';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import type { FinanceActivityInput } from './create-finance-activity';
import { revalidateAfterActivityChange } from './revalidate';

/** PUT /api/financeActivities/{id} (the specification's casing). */
export const updateFinanceActivity = (id: string, input: FinanceActivityUpdateBody) =>
  client.call('updateFinanceActivity', { path: { id }, body: input });

/** Updates an income or expense; revalidates both projects when it moved. */
export function useUpdateFinanceActivity() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, input: FinanceActivityInput, previousProjectId?: string) => {
      const updated = await updateFinanceActivity(id, input);
      await revalidateAfterActivityChange(mutate, [input.projectId, previousProjectId ?? input.projectId]);
      return updated;
    },
    [mutate],
  );
}
