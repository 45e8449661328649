import type { Project } from '@contract/responses';
import useSWR from 'swr';
import { client, fetcher } from '@/lib/api-client';

/**
 * Whether new time on a project is billable unless the entry says otherwise (its
 * `billableByDefault`; true while the projects load or for an unknown project). Reads the projects
 * list the projects feature keeps under the same key, so it costs no extra request.
 */
export function useBillableByDefault(projectId: string | undefined): boolean {
  const { data } = useSWR<Project[]>(client.url('listProjects'), fetcher);
  return data?.find((p) => p._id === projectId)?.billableByDefault ?? true;
}
