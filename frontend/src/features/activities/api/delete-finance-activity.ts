import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfterActivityChange } from './revalidate';

/** DELETE /api/financeActivities/{id} */
export const deleteFinanceActivity = (id: string) => client.call('deleteFinanceActivity', { path: { id } });

/** Deletes an income or expense and revalidates what derived from it. */
export function useDeleteFinanceActivity() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, projectId: string) => {
      await deleteFinanceActivity(id);
      await revalidateAfterActivityChange(mutate, [projectId]);
    },
    [mutate],
  );
}
