import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { PROJECTS_KEY } from './get-projects';

/** DELETE /api/projects/{id} — the server deletes the project's activities too. */
export const deleteProject = (id: string) =>
  api<unknown>('DELETE', `${PROJECTS_KEY}/${encodeURIComponent(id)}`);

/**
 * Deletes a project and revalidates what depended on it: the list, the task lists and every chart
 * (the dashboard covers all projects).
 */
export function useDeleteProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string) => {
      await deleteProject(id);
      await mutate(
        (key) => typeof key === 'string' && (key === PROJECTS_KEY || key.startsWith('/api/project')),
      );
    },
    [mutate],
  );
}
