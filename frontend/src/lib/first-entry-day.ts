import type { ChartData } from '@contract/responses';
import { client } from './api-client';
import { toIsoDay } from './format';

/** The longest span a chart query takes is 100 years; this stays inside it. */
const YEARS_BACK = 99;

/**
 * The day of the first entry (time) of a project, or of all projects: the first bucket holding
 * time in the time-tracked chart over the longest range (which starts near the first data). A long history is bucketed by month (`yyyy-mm`), which gives that month's first
 * day — still on or before the first entry. `null` when there is nothing at all.
 */
export async function firstEntryDay(projectId?: string, today = new Date()): Promise<string | null> {
  const from = new Date(today.getFullYear() - YEARS_BACK, today.getMonth(), today.getDate() + 1);
  const chart: ChartData = await client.call('getTimeTrackedChart', {
    query: { startdate: toIsoDay(from), enddate: toIsoDay(today), projectid: projectId },
  });
  const data = chart.datasets[0]?.data ?? [];
  // The chart shows at least a week: the first entry is in the first bucket holding anything.
  const first = chart.labels[data.findIndex((v) => v !== 0)];
  if (!first) return null;
  return first.length === 7 ? `${first}-01` : first;
}
