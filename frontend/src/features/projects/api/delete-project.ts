import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { API_PATHS, isDerivedFromEntries, keyPath } from '@/lib/api-keys';
import { PROJECTS_KEY } from './get-projects';

/** DELETE /api/projects/{id} — the server deletes the project's activities too. */
export const deleteProject = (id: string) =>
  api<unknown>('DELETE', `${PROJECTS_KEY}/${encodeURIComponent(id)}`);

/**
 * Deletes a project and revalidates what depended on its entries: the list's totals, the task
 * suggestions, every chart and grid (the dashboard's cover all projects) and the timesheet.
 */
export function useDeleteProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string) => {
      await deleteProject(id);
      await mutate((key) => isDerivedFromEntries(key) || keyPath(key) === API_PATHS.timesheet);
    },
    [mutate],
  );
}
