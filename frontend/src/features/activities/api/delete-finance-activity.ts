import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { revalidateAfterActivityChange } from './revalidate';

/** DELETE /api/financeActivities/{id} */
export const deleteFinanceActivity = (id: string) =>
  api<unknown>('DELETE', `/api/financeActivities/${encodeURIComponent(id)}`);

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
