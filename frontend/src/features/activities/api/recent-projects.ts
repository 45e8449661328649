import type { TimeActivity } from '@contract/responses';
import { useMemo } from 'react';
import useSWR from 'swr';
import { client } from '@/lib/api-client';
import { toIsoDay } from '@/lib/format';
import { addDays } from '../lib/week';

/** How far back the quick entry looks for the projects used last, and how many entries it reads. */
const RECENT_DAYS = 90;
const RECENT_ENTRIES = 200;

/** The query: the newest entries of the last three months and today. */
const recentQuery = (today: string) => ({
  startdate: addDays(today, -RECENT_DAYS),
  enddate: addDays(today, 1),
  limit: RECENT_ENTRIES,
});

/**
 * The ids of the projects the user tracked time for, most recently used first (the newest entries
 * of the last three months, across devices), with the running timer's project in front.
 */
export function useRecentProjectIds(runningProjectId?: string): string[] {
  const today = toIsoDay(new Date());
  // The key is a timesheet URL, so every change of an entry revalidates it.
  const { data } = useSWR<TimeActivity[]>(
    client.url('listTimesheet', { query: recentQuery(today) }),
    async () => (await client.page('listTimesheet', { query: recentQuery(today) })).items,
  );
  return useMemo(() => {
    const ids = [...(runningProjectId ? [runningProjectId] : []), ...(data ?? []).map((e) => e.projectId)];
    return [...new Set(ids)];
  }, [data, runningProjectId]);
}
