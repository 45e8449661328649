/**
 * Pure rules of a time entry: start must not be after end, the duration is
 * end − start when both are set, and the day is sent as midnight UTC.
 */

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

/**
 * A typed duration in milliseconds: 24-hour 'hh:mm' (hours may pass 24), or whole or decimal hours
 * ('2', '1.5'); null when it is neither. Empty is zero.
 */
export function parseDuration(value: string): number | null {
  const text = value.trim();
  if (text === '') return 0;
  const hm = /^(\d{1,4}):([0-5]\d)$/.exec(text);
  if (hm) return (Number(hm[1]) * 60 + Number(hm[2])) * MINUTE;
  if (/^\d{1,4}([.,]\d{1,2})?$/.test(text)) return Math.round(Number(text.replace(',', '.')) * 60) * MINUTE;
  return null;
}
