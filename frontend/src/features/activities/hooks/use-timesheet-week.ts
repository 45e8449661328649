import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { toIsoDay } from '@/lib/format';
import { type TimesheetFilter, useTimesheet } from '../api/get-timesheet';
import type { TimerState } from '../api/timer';
import { addDays, daysOfWeek, startOfWeek, weekStartsOn, weekTotals } from '../lib/week';
import { useTimerControl } from './use-timer-control';

/** Waits until typing pauses before the filter text goes to the server. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/** The filters besides the text: '' for any. */
export interface SheetFilters {
  projectId: string;
  clientId: string;
  tag: string;
  billable: '' | 'true' | 'false';
}

const NO_FILTERS: SheetFilters = { projectId: '', clientId: '', tag: '', billable: '' };

/** The filters that are set, as the timesheet's query takes them. */
const setFilters = (f: SheetFilters): Omit<TimesheetFilter, 'from' | 'to'> => ({
  ...(f.projectId ? { projectId: f.projectId } : {}),
  ...(f.clientId ? { clientId: f.clientId } : {}),
  ...(f.tag ? { tag: f.tag } : {}),
  ...(f.billable ? { billable: f.billable } : {}),
});

type Running = Extract<TimerState, { running: true }>;
type ProjectClients = readonly { _id: string; clientId?: string | null }[];

/** Whether the running timer passes the filters (as its entry will), so it is listed. */
function runningMatches(running: Running, f: SheetFilters, projects: ProjectClients): boolean {
  const clientOf = projects.find((p) => p._id === running.projectId)?.clientId ?? '';
  return (
    (!f.projectId || f.projectId === running.projectId) &&
    (!f.clientId || f.clientId === clientOf) &&
    (!f.tag || running.tags.some((t) => t.toLowerCase() === f.tag.toLowerCase())) &&
    (!f.billable || String(running.billable) === f.billable)
  );
}

/**
 * The timesheet's state: the week shown (starting on the user's week start), the text, project,
 * client, tag and billable filters, the week's entries with totals per day and for the week, and
 * the running timer, which is listed (and counted, live) on the day it started while it matches
 * the filters.
 */
export function useTimesheetWeek(projects: ProjectClients = []) {
  const { user } = useAuth();
  const firstDay = weekStartsOn(user?.weekStart);
  const today = toIsoDay(new Date());
  const thisWeek = startOfWeek(today, firstDay);
  const [chosenWeek, setWeekStart] = useState<string | null>(null);
  const weekStart = chosenWeek ?? thisWeek;
  const [text, setText] = useState('');
  const [filters, setFilterValues] = useState<SheetFilters>(NO_FILTERS);
  const q = useDebounced(text.trim(), 300);
  const days = useMemo(() => daysOfWeek(weekStart), [weekStart]);
  const weekEnd = days[6] as string;
  const sheet = useTimesheet({ from: weekStart, to: weekEnd, ...setFilters(filters), ...(q ? { q } : {}) });
  const timer = useTimerControl();
  const { running } = timer;
  const runningDay = running ? toIsoDay(new Date(running.startedAt)) : null;
  const showRunning = running && !q && runningMatches(running, filters, projects) ? runningDay : null;
  const totals = useMemo(() => weekTotals(days, sheet.data ?? []), [days, sheet.data]);
  const live = (day: string) => (showRunning === day ? timer.elapsed : 0);

  return {
    days,
    weekStart,
    weekEnd,
    isThisWeek: weekStart === thisWeek,
    previous: () => setWeekStart(addDays(weekStart, -7)),
    next: () => setWeekStart(addDays(weekStart, 7)),
    current: () => setWeekStart(thisWeek),
    text,
    setText,
    filters,
    setFilter: (name: keyof SheetFilters, value: string) => setFilterValues((f) => ({ ...f, [name]: value })),
    sheet,
    timer,
    /** The day the running timer is listed on, or null. */
    runningDay: showRunning,
    dayTotal: (day: string) => (totals.perDay.get(day) ?? 0) + live(day),
    weekTotal: totals.week + (showRunning && days.includes(showRunning) ? timer.elapsed : 0),
  };
}

export type TimesheetWeek = ReturnType<typeof useTimesheetWeek>;
