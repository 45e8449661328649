import { MAX_DAY, MIN_DAY } from '../../../contract/days';

/**
 * The calendar of the back end, in one module: activity days (stored at midnight UTC, keyed
 * `yyyy-mm-dd`), parsing instants people send, and the day arithmetic charts, reports and the
 * demo use (UTC days: exact, no time zones, no DST).
 */

/**
 * Activity dates are days: stored as the ISO timestamp of midnight UTC and keyed as `yyyy-mm-dd`
 * (the rollup and index keys sort by it). An entry is attributed to its date's day, even when its
 * start and end cross midnight.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

export { MAX_DAY, MIN_DAY };

/** `yyyy-mm-dd` of the UTC day an instant falls on. */
export function toDayKey(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The ISO timestamp of midnight UTC of a `yyyy-mm-dd` day. */
export function dayKeyToIso(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** Midnight UTC of the day an instant falls on. */
export function startOfUtcDay(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
}

/** `yyyy-mm-ddThh:mm[:ss[.fff]][Z|±hh[:]mm]`: the forms of ISO 8601 a client sends. */
const ISO_STAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/;

/** Whether `year-month-day` is a day of the calendar (month 1–12, day within its month). */
function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses an instant sent by a client: an ISO 8601 timestamp (with or without offset) or a bare
 * `yyyy-mm-dd` (read as that day in UTC, not the server's zone). `undefined` when unreadable or
 * outside {@link MIN_DAY}..{@link MAX_DAY}.
 */
export function parseInstant(text: string): Date | undefined {
  const bare = DAY_KEY.exec(text);
  if (bare) {
    const date = new Date(`${text}T00:00:00.000Z`);
    // `new Date('2026-02-31')` rolls over to March; a day that does not exist is refused instead.
    if (Number.isNaN(date.getTime()) || toDayKey(date) !== text) return undefined;
    return inRange(date);
  }
  // Only ISO-like text: `Date` also reads forms such as "March 7" that mean different things to different people.
  const stamp = ISO_STAMP.exec(text);
  if (!stamp) return undefined;
  // `Date` rolls 2024-02-30T10:00Z over to 1 March; every written field must exist as written.
  const [year, month, day, hour, minute, second = 0, offsetHours = 0, offsetMinutes = 0] = stamp
    .slice(1)
    .map((field) => (field === undefined ? undefined : Number(field)));
  if (!isRealDay(year ?? 0, month ?? 0, day ?? 0)) return undefined;
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || second > 59) return undefined;
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return undefined;
  return inRange(date);
}

function inRange(date: Date): Date | undefined {
  const day = toDayKey(date);
  return day >= MIN_DAY && day <= MAX_DAY ? date : undefined;
}

/**
 * The day an activity belongs to, as `{ day, iso }`: the UTC day of the instant the client sent,
 * or of `now` when it sent none (the specification's "defaults to today").
 */
export function normaliseActivityDate(
  text: string | null | undefined,
  now: Date = new Date(),
): { day: string; iso: string } | undefined {
  const instant = text === undefined || text === null || text === '' ? now : parseInstant(text);
  if (!instant) return undefined;
  const day = toDayKey(instant);
  return { day, iso: dayKeyToIso(day) };
}

/**
 * Calendar days as the charts see them: `yyyy-mm-dd` strings in UTC. Activities are stored at
 * midnight UTC of their day, so plain UTC day arithmetic is exact (no time zones, no DST).
 */

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
