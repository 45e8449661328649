import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { toIsoDay } from '@/lib/format';
import { useTimesheet } from '../api/get-timesheet';
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

/**
 * The timesheet's state: the week shown (starting on the user's week start), the text and project
 * filter, the week's entries with totals per day and for the week, and the running timer, which
 * is listed (and counted, live) on the day it started while it matches the project filter.
 */
export function useTimesheetWeek() {
  const { user } = useAuth();
  const firstDay = weekStartsOn(user?.weekStart);
  const today = toIsoDay(new Date());
  const thisWeek = startOfWeek(today, firstDay);
  const [chosenWeek, setWeekStart] = useState<string | null>(null);
  const weekStart = chosenWeek ?? thisWeek;
  const [text, setText] = useState('');
  const [projectId, setProjectId] = useState('');
  const q = useDebounced(text.trim(), 300);
  const days = useMemo(() => daysOfWeek(weekStart), [weekStart]);
  const weekEnd = days[6] as string;
  const sheet = useTimesheet({
    from: weekStart,
    to: weekEnd,
    ...(projectId ? { projectId } : {}),
    ...(q ? { q } : {}),
  });
  const timer = useTimerControl();
  const { running } = timer;
  const runningDay = running ? toIsoDay(new Date(running.startedAt)) : null;
  const showRunning = running && !q && (!projectId || projectId === running.projectId) ? runningDay : null;
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
    projectId,
    setProjectId,
    sheet,
    timer,
    /** The day the running timer is listed on, or null. */
    runningDay: showRunning,
    dayTotal: (day: string) => (totals.perDay.get(day) ?? 0) + live(day),
    weekTotal: totals.week + (showRunning && days.includes(showRunning) ? timer.elapsed : 0),
  };
}

export type TimesheetWeek = ReturnType<typeof useTimesheetWeek>;
