import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';

/** DELETE /api/projects/{id} — the server deletes the project's activities too. */
export const deleteProject = (id: string) => client.call('deleteProject', { path: { id } });

/**
 * Deletes a project and revalidates what its endpoint makes stale: what depended on its entries
 * (the list's totals, the task suggestions, every chart and grid, the timesheet) and its rules.
 */
export function useDeleteProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string) => {
      await deleteProject(id);
      await revalidateAfter(mutate, 'deleteProject');
    },
    [mutate],
  );
}
