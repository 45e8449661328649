/**
 * Calendar days as the API takes them in queries: `yyyy-mm-dd`, in UTC, and time zones by their
 * IANA names. Shared by the query schemas (`contract/queries.ts`) and the server's date code.
 */

/** Earliest and latest accepted days; anything outside is a typo, not a time entry. */
export const MIN_DAY = '1970-01-01';
export const MAX_DAY = '2999-12-31';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `yyyy-mm-dd` (rejects `2026-02-30`, `2026-2-3`, ISO timestamps). */
export function isDay(value: string): boolean {
  const m = DAY_PATTERN.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Whether `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  if (tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
