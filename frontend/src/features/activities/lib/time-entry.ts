/**
 * Pure rules of a time entry: start must not be after end, the duration is
 * end − start when both are set, and the day is sent as midnight UTC.
 */

import { parseDecimal } from '@/lib/decimal';

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

/** What a person types for the time of an entry: start and end of a day, or a duration. */
export interface TimeRange {
  /** 'HH:mm' or '' */
  start: string;
  /** 'HH:mm' or '' */
  end: string;
  /** The end is on the day after the entry's day (23:00–01:00): the "+1 day" control. */
  nextDay: boolean;
  /** Milliseconds; what counts when start and end are not both set. */
  duration: number;
}

/** What a range stands for: the two moments, the duration, and whether the start is after the end. */
export interface ResolvedRange {
  startTime: string | null;
  endTime: string | null;
  /** end − start when both are set (never negative), else the typed duration. */
  duration: number;
  /** Both times set and the start after the end: the time traveller's notice, nothing saved. */
  startAfterEnd: boolean;
  /** Both times set: the duration is computed, not typed. */
  fromTimes: boolean;
}

const nextDayOf = (day: string) => {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The moments of a range on `day` in the browser's time zone; with `nextDay` the end is on the
 * next day. The duration is measured between the real moments, so a night across a change of
 * summer time counts the hours that passed.
 */
export function resolveRange(day: string, range: TimeRange): ResolvedRange {
  const startTime = range.start ? momentOf(day, range.start) : null;
  const endTime = range.end ? momentOf(range.nextDay ? nextDayOf(day) : day, range.end) : null;
  if (startTime === null || endTime === null) {
    return { startTime, endTime, duration: range.duration, startAfterEnd: false, fromTimes: false };
  }
  const span = Date.parse(endTime) - Date.parse(startTime);
  return { startTime, endTime, duration: Math.max(0, span), startAfterEnd: span < 0, fromTimes: true };
}

/** Whether an entry's stored end is on a later day than its start (it ran past midnight). */
export function endsNextDay(startTime: string | null, endTime: string | null): boolean {
  if (!startTime || !endTime) return false;
  const [s, e] = [new Date(startTime), new Date(endTime)];
  return s.toDateString() !== e.toDateString() && e.getTime() > s.getTime();
}

/** A range with nothing entered: no times and no duration (Enter then starts the timer). */
export const isEmptyRange = (r: TimeRange) => r.start === '' && r.end === '' && r.duration === 0;

/**
 * A typed duration in milliseconds: 24-hour 'hh:mm' (hours may pass 24), or whole or decimal hours
 * read as every number field reads them in the user's number format ('2', '1.5', '1,5');
 * null when it is neither. Empty is zero.
 */
export function parseDuration(value: string, locale = 'en-US'): number | null {
  const text = value.trim();
  if (text === '') return 0;
  const hm = /^(\d{1,4}):([0-5]\d)$/.exec(text);
  if (hm) return (Number(hm[1]) * 60 + Number(hm[2])) * MINUTE;
  const hours = parseDecimal(text, locale, { integerDigits: 4 });
  return hours === null ? null : Math.round(hours * 60) * MINUTE;
}
