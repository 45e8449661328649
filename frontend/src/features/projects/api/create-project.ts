import type { ProjectCreateBody } from '@contract/projects';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';

/** POST /api/projects — 403 FREE_PROJECT_LIMIT for a free user's 4th project. */
export const createProject = (input: ProjectCreateBody) => client.call('createProject', { body: input });

/** Creates a project and revalidates what its endpoint makes stale (the projects list). */
export function useCreateProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: ProjectCreateBody) => {
      const project = await createProject(input);
      await revalidateAfter(mutate, 'createProject');
      return project;
    },
    [mutate],
  );
}
