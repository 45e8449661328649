import useSWR from 'swr';
import { client } from '@/lib/api-client';
import type { TimeActivity } from './entries';

export interface TimesheetFilter {
  /** Inclusive 'yyyy-mm-dd' days. */
  from: string;
  to: string;
  projectId?: string;
  /** Text in task or sub-task. */
  q?: string;
  clientId?: string;
  /** A tag, any case. */
  tag?: string;
  billable?: 'true' | 'false';
}

/** The query of a timesheet range: its days, project, text, client, tag and billable, 1,000 entries a page. */
const timesheetQuery = (f: TimesheetFilter, cursor?: string) => ({
  startdate: f.from,
  enddate: f.to,
  limit: 1000,
  projectid: f.projectId,
  q: f.q,
  clientid: f.clientId,
  tag: f.tag,
  billable: f.billable,
  cursor,
});

/** The SWR key (the first page's URL) of a timesheet range. */
export const timesheetKey = (f: TimesheetFilter): string =>
  client.url('listTimesheet', { query: timesheetQuery(f) });

/** A week holds a bounded number of entries; this many pages (1,000 each) is the most read. */
const MAX_PAGES = 50;

/** GET /api/timeactivities?… — every entry of the range, following `x-next-cursor`. */
export async function getTimesheet(filter: TimesheetFilter): Promise<TimeActivity[]> {
  const entries: TimeActivity[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.page('listTimesheet', { query: timesheetQuery(filter, cursor) });
    entries.push(...result.items);
    cursor = result.nextCursor ?? undefined;
    if (!cursor) break;
  }
  return entries;
}

/** The time entries of a range across projects (or one), newest first. */
export function useTimesheet(filter: TimesheetFilter) {
  return useSWR<TimeActivity[]>(timesheetKey(filter), () => getTimesheet(filter), { keepPreviousData: true });
}
