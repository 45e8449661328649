import type { FinanceActivity } from '@contract/responses';
import useSWR from 'swr';
import { client, fetcher } from '@/lib/api-client';

export type { FinanceActivity };

/** The SWR key of a project's income and expenses. */
export const financeActivitiesKey = (projectId: string) =>
  client.url('listFinanceActivities', { path: { projectId } });

/** GET /api/financeactivities/{projectId} */
export const getFinanceActivities = (projectId: string) =>
  client.call('listFinanceActivities', { path: { projectId } });

/** A project's income and expenses (newest first); `null` project id fetches nothing. */
export function useFinanceActivities(projectId: string | null | undefined) {
  return useSWR<FinanceActivity[]>(projectId ? financeActivitiesKey(projectId) : null, fetcher);
}
