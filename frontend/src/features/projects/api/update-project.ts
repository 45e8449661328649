import type { ProjectUpdateBody } from '@contract/projects';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';

/** PUT /api/projects/{id} */
export const updateProject = (id: string, input: ProjectUpdateBody) =>
  client.call('updateProject', { path: { id }, body: input });

/**
 * Updates a project and revalidates what its endpoint makes stale: the projects list and the
 * figures that show its name, rate or client.
 */
export function useUpdateProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, input: ProjectUpdateBody) => {
      const project = await updateProject(id, input);
      await revalidateAfter(mutate, 'updateProject');
      return project;
    },
    [mutate],
  );
}
