import type { RecurrenceInterval } from '../../../../contract/enums';

/**
 * The due dates of a recurring expense (pure): every 1, 3 or 12 months from the start date, on the
 * start date's day of the month — the month's last day where the month is shorter (a rule starting
 * on 31 January is due on 28 or 29 February, then on 31 March). Dates are `yyyy-mm-dd`.
 */

const MONTHS: Record<RecurrenceInterval, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export interface Schedule {
  interval: RecurrenceInterval;
  startDate: string;
  endDate: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** The n-th due date (n = 0 is the start date), whether or not it is past the end date. */
export function nthDueDate(s: Schedule, n: number): string {
  const [y, m, d] = s.startDate.split('-').map(Number) as [number, number, number];
  const months = m - 1 + n * MONTHS[s.interval];
  const year = y + Math.floor(months / 12);
  const month0 = months % 12;
  return `${year}-${pad(month0 + 1)}-${pad(Math.min(d, daysIn(year, month0)))}`;
}

/** The index of the first due date on or after `day` (0 when `day` is on or before the start). */
function firstIndexFrom(s: Schedule, day: string): number {
  if (day <= s.startDate) return 0;
  const [y, m] = s.startDate.split('-').map(Number) as [number, number];
  const [dy, dm] = day.split('-').map(Number) as [number, number];
  const monthsApart = (dy - y) * 12 + (dm - m);
  let n = Math.max(0, Math.floor(monthsApart / MONTHS[s.interval]) - 1);
  while (nthDueDate(s, n) < day) n++;
  return n;
}

/** The first due date on or after `day` within the end date, or null when there is none. */
export function dueOnOrAfter(s: Schedule, day: string): string | null {
  const due = nthDueDate(s, firstIndexFrom(s, day));
  return s.endDate !== null && due > s.endDate ? null : due;
}

/** The due dates from `from` through `to` (inclusive, both `yyyy-mm-dd`) within the end date. */
export function dueDatesBetween(s: Schedule, from: string, to: string): string[] {
  const dates: string[] = [];
  const last = s.endDate !== null && s.endDate < to ? s.endDate : to;
  for (let n = firstIndexFrom(s, from); ; n++) {
    const due = nthDueDate(s, n);
    if (due > last) return dates;
    dates.push(due);
  }
}

/** The calendar day after `day`. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}
