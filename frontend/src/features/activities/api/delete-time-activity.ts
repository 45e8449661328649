import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { revalidateAfterActivityChange } from './revalidate';

/** DELETE /api/timeActivities/{id} */
export const deleteTimeActivity = (id: string) =>
  api<unknown>('DELETE', `/api/timeActivities/${encodeURIComponent(id)}`);

/** Deletes a time entry and revalidates what derived from it. */
export function useDeleteTimeActivity() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, projectId: string) => {
      await deleteTimeActivity(id);
      await revalidateAfterActivityChange(mutate, [projectId]);
    },
    [mutate],
  );
}
