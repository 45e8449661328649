import type { TimeActivity } from '@contract/responses';
import useSWR from 'swr';
import { client, fetcher } from '@/lib/api-client';

export type { TimeActivity };

/** The SWR key of a project's time entries. */
export const timeActivitiesKey = (projectId: string) =>
  client.url('listTimeActivities', { path: { projectId } });

/** GET /api/timeactivities/{projectId} */
export const getTimeActivities = (projectId: string) =>
  client.call('listTimeActivities', { path: { projectId } });

/** A project's time entries (newest first); `null` project id fetches nothing. */
export function useTimeActivities(projectId: string | null | undefined) {
  return useSWR<TimeActivity[]>(projectId ? timeActivitiesKey(projectId) : null, fetcher);
}
