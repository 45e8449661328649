import type { TimeActivity } from '@contract/responses';
import useSWR from 'swr';
import { api, fetcher } from '@/lib/api';

export type { TimeActivity };

/** The SWR key of a project's time entries. */
export const timeActivitiesKey = (projectId: string) =>
  `/api/timeactivities/${encodeURIComponent(projectId)}`;

/** GET /api/timeactivities/{projectId} */
export const getTimeActivities = (projectId: string) =>
  api<TimeActivity[]>('GET', timeActivitiesKey(projectId));

/** A project's time entries (newest first); `null` project id fetches nothing. */
export function useTimeActivities(projectId: string | null | undefined) {
  return useSWR<TimeActivity[]>(projectId ? timeActivitiesKey(projectId) : null, fetcher);
}
