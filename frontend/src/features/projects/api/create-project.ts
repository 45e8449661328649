import type { ProjectCreateBody } from '@contract/projects';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { PROJECTS_KEY } from './get-projects';

/** POST /api/projects — 403 FREE_PROJECT_LIMIT for a free user's 4th project. */
export const createProject = (input: ProjectCreateBody) => client.call('createProject', { body: input });

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
