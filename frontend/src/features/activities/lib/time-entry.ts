/**
 * Pure rules of a time entry (specification §5): start must not be after end, the duration is
 * end − start when both are set, and the day is sent as midnight UTC.
 */

/** The spec's notice, word for word. */
export const TIME_TRAVELLER = "Woah time traveller! Your start time can't be after your end time!";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The moment of a 24-hour 'HH:mm' time on a 'yyyy-mm-dd' day in the browser's time zone, as ISO;
 * null when either is missing or invalid.
 */
export function momentOf(day: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return null;
  const d = new Date(`${day}T${time.length === 5 ? `${time}:00` : time}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** 'HH:mm' of an ISO moment in the browser's time zone (for the time inputs). */
export function timeOfMoment(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** True when both times are set and the start is after the end: nothing may be saved. */
export function startIsAfterEnd(start: string, end: string): boolean {
  if (!start || !end) return false;
  return toMinutes(start) > toMinutes(end);
}

function toMinutes(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** end − start in milliseconds for two 'HH:mm' times on the same day; null unless both are set. */
export function durationBetween(start: string, end: string): number | null {
  if (!start || !end) return null;
  return (toMinutes(end) - toMinutes(start)) * MINUTE;
}

/** A duration picked as a 24-hour time of day ('hh:mm') in milliseconds. */
export function durationOfTimeOfDay(value: string): number {
  if (!/^\d{1,2}:\d{2}/.test(value)) return 0;
  return toMinutes(value) * MINUTE;
}

/**
 * A duration as the 'hh:mm' value of a time-of-day input. A duration of a day or more cannot be
 * shown there, so the input caps at 23:59 (the exact value is kept in the form state).
 */
export function timeOfDayOfDuration(ms: number): string {
  const capped = Math.min(Math.max(0, ms), 24 * HOUR - MINUTE);
  return `${pad(Math.floor(capped / HOUR))}:${pad(Math.floor((capped % HOUR) / MINUTE))}`;
}
