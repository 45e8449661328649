import { useMemo } from 'react';
import useSWR from 'swr';
import { apiPage } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { toIsoDay } from '@/lib/format';
import { addDays } from '../lib/week';
import type { TimeActivity } from './get-time-activities';

/** How far back the quick entry looks for the projects used last, and how many entries it reads. */
const RECENT_DAYS = 90;
const RECENT_ENTRIES = 200;

/** The SWR key: a timesheet query, so every change of an entry revalidates it. */
function recentKey(today: string): string {
  const query = new URLSearchParams({
    startdate: addDays(today, -RECENT_DAYS),
    enddate: addDays(today, 1),
    limit: String(RECENT_ENTRIES),
  });
  return `${API_PATHS.timesheet}?${query.toString()}`;
}

/**
 * The ids of the projects the user tracked time for, most recently used first (the newest entries
 * of the last three months, across devices), with the running timer's project in front.
 */
export function useRecentProjectIds(runningProjectId?: string): string[] {
  const today = toIsoDay(new Date());
  const { data } = useSWR<TimeActivity[]>(
    recentKey(today),
    async (key: string) => (await apiPage<TimeActivity>(key)).items,
  );
  return useMemo(() => {
    const ids = [...(runningProjectId ? [runningProjectId] : []), ...(data ?? []).map((e) => e.projectId)];
    return [...new Set(ids)];
  }, [data, runningProjectId]);
}
