import type { ProjectCreateBody } from '@contract/projects';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { PROJECTS_KEY, type Project } from './get-projects';

/** POST /api/projects — 403 FREE_PROJECT_LIMIT for a free user's 4th project. */
export const createProject = (input: ProjectCreateBody) => api<Project>('POST', PROJECTS_KEY, input);

/** Creates a project and revalidates the projects list. */
export function useCreateProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: ProjectCreateBody) => {
      const project = await createProject(input);
      await mutate(PROJECTS_KEY);
      return project;
    },
    [mutate],
  );
}
