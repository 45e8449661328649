import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfterActivityChange } from './revalidate';

/** DELETE /api/timeActivities/{id} */
export const deleteTimeActivity = (id: string) => client.call('deleteTimeActivity', { path: { id } });

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
