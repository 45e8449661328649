import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { PROJECTS_KEY, type Project } from './get-projects';

export interface UpdateProjectInput {
  name?: string;
  description?: string;
  enableEmbedding?: boolean;
  /** Per hour, ≤ 2 decimals; null removes the rate. */
  hourlyRate?: number | null;
}

/** PUT /api/projects/{id} */
export const updateProject = (id: string, input: UpdateProjectInput) =>
  api<Project>('PUT', `${PROJECTS_KEY}/${encodeURIComponent(id)}`, input);

/** Updates a project and revalidates the projects list. */
export function useUpdateProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, input: UpdateProjectInput) => {
      const project = await updateProject(id, input);
      await mutate(PROJECTS_KEY);
      return project;
    },
    [mutate],
  );
}
