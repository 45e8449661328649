import useSWR from 'swr';
import { api, fetcher } from '../../../lib/api';

/** A time entry as the API answers it. Dates are ISO timestamps at midnight UTC; durations ms. */
export interface TimeActivity {
  _id: string;
  user: string;
  projectId: string;
  /** Shown as Task. */
  activity: string;
  /** Shown as Sub-Task. */
  description: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  duration: number;
}

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
