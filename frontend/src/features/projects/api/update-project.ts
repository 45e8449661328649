import type { ProjectUpdateBody } from '@contract/projects';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { PROJECTS_KEY } from './get-projects';

/** PUT /api/projects/{id} */
export const updateProject = (id: string, input: ProjectUpdateBody) =>
  client.call('updateProject', { path: { id }, body: input });

/** Updates a project and revalidates the projects list. */
export function useUpdateProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, input: ProjectUpdateBody) => {
      const project = await updateProject(id, input);
      await mutate(PROJECTS_KEY);
      return project;
    },
    [mutate],
  );
}
