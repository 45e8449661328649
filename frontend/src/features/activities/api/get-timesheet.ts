import useSWR from 'swr';
import { apiPage } from '@/lib/api';
import type { TimeActivity } from './get-time-activities';

export interface TimesheetFilter {
  /** Inclusive 'yyyy-mm-dd' days. */
  from: string;
  to: string;
  projectId?: string;
  /** Text in task or sub-task. */
  q?: string;
}

/** The SWR key (the first page's path) of a timesheet range. */
export function timesheetKey(f: TimesheetFilter): string {
  const query = new URLSearchParams({ startdate: f.from, enddate: f.to, limit: '1000' });
  if (f.projectId) query.set('projectid', f.projectId);
  if (f.q) query.set('q', f.q);
  return `/api/timeactivities?${query.toString()}`;
}

/** A week holds a bounded number of entries; this many pages (1,000 each) is the most read. */
const MAX_PAGES = 50;

/** GET /api/timeactivities?… — every entry of the range, following `x-next-cursor`. */
export async function getTimesheet(key: string): Promise<TimeActivity[]> {
  const entries: TimeActivity[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result: Awaited<ReturnType<typeof apiPage<TimeActivity>>> = await apiPage<TimeActivity>(
      cursor ? `${key}&cursor=${encodeURIComponent(cursor)}` : key,
    );
    entries.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return entries;
}

/** The time entries of a range across projects (or one), newest first. */
export function useTimesheet(filter: TimesheetFilter) {
  return useSWR<TimeActivity[]>(timesheetKey(filter), getTimesheet, { keepPreviousData: true });
}
