import { dateLocale } from '@/lib/format';

/**
 * The timesheet's week (pure): which day a week starts on for the user's number format, the
 * seven days of a week, and the totals per day and for the week. Days are 'yyyy-mm-dd'; entries
 * carry their day as midnight UTC, so day arithmetic here is done in UTC.
 */

const DAY_MS = 86_400_000;

/**
 * First day of the week (0 Sunday … 6 Saturday) for the number formats the app offers, as CLDR
 * has them: the US and South Africa start on Sunday, Germany and the UK on Monday. An unknown
 * locale asks `Intl.Locale`'s week info where the browser has it, else Monday (ISO 8601).
 */
export function weekStartsOn(numberFormat: string | undefined): number {
  const known: Record<string, number> = { 'en-US': 0, 'en-ZA': 0, 'de-DE': 1, 'en-GB': 1 };
  const locale = numberFormat ?? 'en-US';
  if (locale in known) return known[locale] as number;
  try {
    const l = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = (l.getWeekInfo?.() ?? l.weekInfo)?.firstDay;
    if (firstDay !== undefined) return firstDay % 7;
  } catch {
    // An unknown locale: ISO weeks.
  }
  return 1;
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

/**
 * 'Mon 23 Nov' for a week day heading: the names in the app's language, in the user's region when
 * their number format is of that language (German: 'Mo., 23. Nov.').
 */
export function dayHeading(day: string, numberFormat: string | undefined, language?: string): string {
  return new Intl.DateTimeFormat(dateLocale(language, numberFormat), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(toTime(day)));
}
