import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { PROJECTS_KEY, type Project } from './get-projects';

export interface CreateProjectInput {
  name: string;
  description?: string;
  enableEmbedding?: boolean;
}

/** POST /api/projects — 403 FREE_PROJECT_LIMIT for a free user's 4th project. */
export const createProject = (input: CreateProjectInput) => api<Project>('POST', PROJECTS_KEY, input);

/** Creates a project and revalidates the projects list. */
export function useCreateProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: CreateProjectInput) => {
      const project = await createProject(input);
      await mutate(PROJECTS_KEY);
      return project;
    },
    [mutate],
  );
}
