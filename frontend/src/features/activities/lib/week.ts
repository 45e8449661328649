import { formatDayHeading } from '@/lib/format';

/**
 * The timesheet's week (pure): which day a week starts on (the user's setting), the
 * seven days of a week, and the totals per day and for the week. Days are 'yyyy-mm-dd'; entries
 * carry their day as midnight UTC, so day arithmetic here is done in UTC.
 */

const DAY_MS = 86_400_000;

/** The user's setting `weekStart` as a weekday number (0 Sunday … 6 Saturday); Monday when unset. */
export function weekStartsOn(weekStart: string | undefined): number {
  return weekStart === 'sunday' ? 0 : weekStart === 'saturday' ? 6 : 1;
}

const toTime = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const fromTime = (t: number) => new Date(t).toISOString().slice(0, 10);

/** `day` moved by `n` days. */
export const addDays = (day: string, n: number) => fromTime(toTime(day) + n * DAY_MS);

/** The first day of the week holding `day`. */
export function startOfWeek(day: string, firstDay: number): string {
  const weekday = new Date(toTime(day)).getUTCDay();
  return addDays(day, -((weekday - firstDay + 7) % 7));
}

/** The seven days of the week starting on `start`. */
export const daysOfWeek = (start: string) => Array.from({ length: 7 }, (_, i) => addDays(start, i));

/** Total milliseconds per day of the week and for the whole week. */
export function weekTotals(
  days: string[],
  entries: { date: string; duration: number }[],
): { perDay: Map<string, number>; week: number } {
  const perDay = new Map(days.map((d) => [d, 0]));
  let week = 0;
  for (const e of entries) {
    const day = e.date.slice(0, 10);
    if (!perDay.has(day)) continue;
    perDay.set(day, (perDay.get(day) ?? 0) + e.duration);
    week += e.duration;
  }
  return { perDay, week };
}

/** A week day's heading in the app's one date style: 'Mon 23 Nov' (German 'Mo., 23. Nov.'). */
export const dayHeading = (day: string, language?: string): string => formatDayHeading(day, language);

/**
 * A day's entries in the order of the day (issue 34, item 12): by start time, earliest first;
 * entries without one (a duration only) after them, in the order they came. A stable sort, so
 * entries starting at the same moment keep theirs.
 */
export function entriesOfDay<E extends { date: string; startTime?: string | null }>(
  entries: E[],
  day: string,
): E[] {
  const start = (e: E) => (e.startTime ? Date.parse(e.startTime) : Number.POSITIVE_INFINITY);
  return entries.filter((e) => e.date.slice(0, 10) === day).sort((a, b) => start(a) - start(b) || 0);
}
