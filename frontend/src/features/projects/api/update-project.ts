import type { ProjectUpdateBody } from '@contract/projects';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { PROJECTS_KEY, type Project } from './get-projects';

/** PUT /api/projects/{id} */
export const updateProject = (id: string, input: ProjectUpdateBody) =>
  api<Project>('PUT', `${PROJECTS_KEY}/${encodeURIComponent(id)}`, input);

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
