import type { FinanceActivityUpdateBody } from '@contract/activities';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import type { FinanceActivityInput } from './create-finance-activity';
import type { FinanceActivity } from './get-finance-activities';
import { revalidateAfterActivityChange } from './revalidate';

/** PUT /api/financeActivities/{id} (the specification's casing). */
export const updateFinanceActivity = (id: string, input: FinanceActivityUpdateBody) =>
  api<FinanceActivity>('PUT', `/api/financeActivities/${encodeURIComponent(id)}`, input);

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
