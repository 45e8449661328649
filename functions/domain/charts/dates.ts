import { toDayKey } from '../dates';

/**
 * Calendar days as the charts see them: `yyyy-mm-dd` strings in UTC. Activities are stored at
 * midnight UTC of their day, so plain UTC day arithmetic is exact (no time zones, no DST).
 */
const DAY_MS = 86_400_000;

export { isDay } from '../../../contract/days';

/** Days since 1970-01-01 for a `yyyy-mm-dd` day (assumed valid). */
export function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** The `yyyy-mm-dd` day for a day number. */
export function dayFromNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The `yyyy-mm-dd` UTC day of a moment (the activities' day key). */
export const dayOf = toDayKey;

export function addDays(day: string, days: number): string {
  return dayFromNumber(dayNumber(day) + days);
}

/**
 * The same calendar day `months` months away, clamped to the month's last day
 * (`2026-03-31` minus one month is `2026-02-28`).
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(d, lastDay));
  return dayOf(firstOfTarget);
}

/** Number of days from `start` to `end`, both included. */
export function daysInRange(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

/** Weekday numbers as `Date.getUTCDay` has them: 0 Sunday … 6 Saturday. */
export const FIRST_WEEKDAY = { monday: 1, sunday: 0, saturday: 6 } as const;

/**
 * The first day of the week holding `day`, for weeks starting on `firstDay` (0 Sunday … 6
 * Saturday; Monday, the ISO week, by default).
 */
export function weekStart(day: string, firstDay = 1): string {
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday (weekday 4).
  const weekday = (((n + 4) % 7) + 7) % 7;
  return dayFromNumber(n - ((weekday - firstDay + 7) % 7));
}

/** ISO weekday, Monday = 1 … Sunday = 7. */
export function isoWeekday(day: string): number {
  return ((((dayNumber(day) + 3) % 7) + 7) % 7) + 1;
}

/** An inclusive range of days. */
export interface DayRange {
  start: string;
  end: string;
}

/**
 * The charts' default range — the last 12 months up to and including today — as the dashboard
 * shows it. `months` lets other screens ask for another span.
 */
export function defaultRange(today: string = dayOf(new Date()), months = 12): DayRange {
  return { start: addMonths(today, -months), end: today };
}

/** The `yyyy-mm` month of a `yyyy-mm-dd` day. */
export const monthOfDay = (day: string) => day.slice(0, 7);

/** The last day of the month holding `day`. */
export function lastDayOfMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return dayOf(new Date(Date.UTC(y, m, 0)));
}

/**
 * How the task charts read a range: the calendar months in `months` from the task-month rollups,
 * plus the days in `add` and minus the days in `subtract` from the task-day rollups. Months wholly
 * inside the range are read whole. A partial edge month is read the cheaper way: its days in the
 * range (`add`), or, when fewer days of it lie outside the range, the whole month minus those days
 * (`subtract`) — a range ending today subtracts only days still to come, which hold nothing. Every
 * day of the range then counts exactly once and every other day not at all; at most about half of
 * each edge month is read day by day.
 */
export interface MonthPlan {
  /** Inclusive `yyyy-mm` months (contiguous), absent when no month is read whole. */
  months?: { first: string; last: string };
  add: DayRange[];
  subtract: DayRange[];
}

const firstDayOfMonth = (day: string) => `${monthOfDay(day)}-01`;

export function planMonthReads(range: DayRange): MonthPlan {
  const { start, end } = range;
  const wholeMonths: string[] = [];
  const add: DayRange[] = [];
  const subtract: DayRange[] = [];
  /** Decides one edge month: the days of it in range, or the whole month minus the days outside. */
  const edge = (inRange: DayRange, outside: DayRange[]) => {
    const outDays = outside.reduce((n, r) => n + daysInRange(r.start, r.end), 0);
    if (outDays < daysInRange(inRange.start, inRange.end)) {
      wholeMonths.push(monthOfDay(inRange.start));
      subtract.push(...outside.filter((r) => r.start <= r.end));
    } else {
      add.push(inRange);
    }
  };
  const startMonthEnd = lastDayOfMonth(start);
  if (monthOfDay(start) === monthOfDay(end)) {
    edge(range, [
      { start: firstDayOfMonth(start), end: addDays(start, -1) },
      { start: addDays(end, 1), end: startMonthEnd },
    ]);
  } else {
    edge({ start, end: startMonthEnd }, [{ start: firstDayOfMonth(start), end: addDays(start, -1) }]);
    // The months strictly between the edge months are wholly inside the range.
    for (
      let d = addDays(startMonthEnd, 1);
      monthOfDay(d) < monthOfDay(end);
      d = addDays(lastDayOfMonth(d), 1)
    ) {
      wholeMonths.push(monthOfDay(d));
    }
    edge({ start: firstDayOfMonth(end), end }, [{ start: addDays(end, 1), end: lastDayOfMonth(end) }]);
  }
  wholeMonths.sort();
  const first = wholeMonths[0];
  const last = wholeMonths.at(-1);
  return { ...(first && last ? { months: { first, last } } : {}), add, subtract };
}
