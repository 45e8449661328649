import { useState } from 'react';
import type { DateRangeValue } from '@/components';
import { monthsAgo, toIsoDay } from '@/lib/format';
import { useProfitLossChart } from '../api/get-profit-loss-chart';
import { useTimePerSubTaskGrid } from '../api/get-time-per-subtask-grid';
import { useTimePerTaskGrid } from '../api/get-time-per-task-grid';
import { sumOfFirst } from './series';

const HOUR = 3_600_000;

/** Project details' own range: the last 60 months to today, so a long project shows whole. */
export const projectDefaultRange = (): DateRangeValue => ({ from: monthsAgo(60), to: toIsoDay(new Date()) });

/**
 * The data of a project's charts and metrics: its date range (default the last 60 months), the
 * query every chart of the range shares, the task and sub-task grids, and the range's hours,
 * profit/loss and profit/loss per hour (`undefined` while loading, `null` without hours).
 */
export function useProjectCharts(projectId: string) {
  const [range, setRange] = useState<DateRangeValue>(projectDefaultRange);
  const query = { startdate: range.from, enddate: range.to, projectid: projectId };
  const tasks = useTimePerTaskGrid(query);
  const subTasks = useTimePerSubTaskGrid(query);
  const profitLoss = useProfitLossChart(query);
  const hoursMs = tasks.data ? tasks.data.reduce((s, r) => s + (Number(r.totalHours) || 0), 0) : undefined;
  const pl = profitLoss.data ? sumOfFirst(profitLoss.data) : undefined;
  const perHour =
    hoursMs === undefined || pl === undefined ? undefined : hoursMs > 0 ? pl / (hoursMs / HOUR) : null;
  return { range, setRange, query, tasks, subTasks, metrics: { hoursMs, pl, perHour } };
}
