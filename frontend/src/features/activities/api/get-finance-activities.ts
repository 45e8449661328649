import type { FinanceActivity } from '@contract/responses';
import useSWR from 'swr';
import { api, fetcher } from '@/lib/api';

export type { FinanceActivity };

/** The SWR key of a project's income and expenses. */
export const financeActivitiesKey = (projectId: string) =>
  `/api/financeactivities/${encodeURIComponent(projectId)}`;

/** GET /api/financeactivities/{projectId} */
export const getFinanceActivities = (projectId: string) =>
  api<FinanceActivity[]>('GET', financeActivitiesKey(projectId));

/** A project's income and expenses (newest first); `null` project id fetches nothing. */
export function useFinanceActivities(projectId: string | null | undefined) {
  return useSWR<FinanceActivity[]>(projectId ? financeActivitiesKey(projectId) : null, fetcher);
}
