import type { Project } from '@contract/responses';
import useSWR from 'swr';
import { api, fetcher } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';

export type { Project };

/** The SWR key of the projects list; every activity change revalidates it (totals move). */
export const PROJECTS_KEY = API_PATHS.projects;

/** GET /api/projects */
export const getProjects = () => api<Project[]>('GET', PROJECTS_KEY);

/** The signed-in user's projects, shared by the list, the picker and the details page. */
export function useProjects() {
  return useSWR<Project[]>(PROJECTS_KEY, fetcher);
}

/** One project of the list by id (`undefined` while loading or when unknown). */
export function useProject(projectId: string | undefined) {
  const swr = useProjects();
  return { ...swr, project: swr.data?.find((p) => p._id === projectId) };
}
