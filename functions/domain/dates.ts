import { MAX_DAY, MIN_DAY } from '../../contract/days';

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
