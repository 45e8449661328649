import type { Project } from '@contract/responses';
import useSWR from 'swr';
import { client, fetcher } from '@/lib/api-client';

export type { Project };

/** The SWR key of the projects list; every activity change revalidates it (totals move). */
export const PROJECTS_KEY = client.url('listProjects');

/** GET /api/projects */
export const getProjects = () => client.call('listProjects');

/** The signed-in user's projects, shared by the list, the picker and the details page. */
export function useProjects() {
  return useSWR<Project[]>(PROJECTS_KEY, fetcher);
}

/** One project of the list by id (`undefined` while loading or when unknown). */
export function useProject(projectId: string | undefined) {
  const swr = useProjects();
  return { ...swr, project: swr.data?.find((p) => p._id === projectId) };
}
