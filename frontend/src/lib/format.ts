/**
 * Display formatting in the user's number format and currency (Intl), and the date conventions of
 * the API: a day is an ISO timestamp at midnight UTC, sent to chart queries as `yyyy-mm-dd`.
 * Month and weekday names are words, so they follow the language in use (Intl's own data, no
 * locale files); the order of day, month and year stays the app's `dd MMM yyyy`.
 */
import { currentLanguage } from '../i18n';

/** The parts of a user that decide how numbers look. */
export interface FormatPrefs {
  currency?: string;
  numberFormat?: string;
}

const DEFAULT_LOCALE = 'en-US';
const DEFAULT_CURRENCY = 'EUR';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The language dates are named in: the app's (English before it has started, and in tests' pseudo-locale). */
function dateLanguage(): string {
  try {
    const language = currentLanguage();
    return language === 'de' ? language : 'en';
  } catch {
    return 'en';
  }
}

/**
 * The locale that names dates: the language in use, in the user's region when their number format
 * is of that language (`en` with `en-US` → `en-US`); English without one is British, as `dd MMM yyyy`.
 */
export function dateLocale(language: string = dateLanguage(), numberFormat?: string): string {
  if (numberFormat?.split('-')[0] === language) return numberFormat;
  return language === 'en' ? 'en-GB' : language;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, f);
  }
  return f;
}

/**
 * 'dd MMM yyyy' (`05 Mar 2024`; German `05. März 2024`). Activity dates are days stored at
 * midnight UTC, so the day is read in UTC: a user west of Greenwich must not see the previous day.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  language = dateLanguage(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  if (language === 'en') return `${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return dateFormatter(language, { day: '2-digit', month: 'short', year: 'numeric' }).format(d);
}

/**
 * A day with its weekday, in the same order as {@link formatDate}: 'Mon 23 Nov' (German
 * 'Mo., 23. Nov.'); with `year`, 'Mon 23 Nov 2026'. The day is read in UTC, as stored.
 */
export function formatDayHeading(
  value: string | number | Date,
  language = dateLanguage(),
  year = false,
): string {
  const d = toDate(typeof value === 'string' && value.length === 10 ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(d.getTime())) return '';
  const german = language === 'de';
  const f = dateFormatter(german ? 'de' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
  });
  return german ? f.format(d) : f.format(d).replace(/,(?= \d)/, '');
}

/** 'HH:mm' of a moment (start and end times) in the browser's time zone. */
export function formatTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function splitDuration(ms: number) {
  const sign = ms < 0 ? '-' : '';
  const totalSeconds = Math.floor(Math.abs(ms) / 1000);
  return {
    sign,
    hours: Math.floor(totalSeconds / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** A duration in milliseconds as 'hh:mm' (hours keep counting past 24: 125:30). */
export function formatDuration(ms: number | null | undefined): string {
  const { sign, hours, minutes } = splitDuration(ms ?? 0);
  return `${sign}${pad(hours)}:${pad(minutes)}`;
}

/** A duration in milliseconds as 'hh:mm:ss' (the live timer). */
export function formatDurationLong(ms: number | null | undefined): string {
  const { sign, hours, minutes, seconds } = splitDuration(ms ?? 0);
  return `${sign}${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** An amount of money in the user's currency and number format, always with 2 decimals. */
export function formatMoney(amount: number | null | undefined, user?: FormatPrefs | null): string {
  return numberFormatter(user?.numberFormat ?? DEFAULT_LOCALE, {
    style: 'currency',
    currency: user?.currency ?? DEFAULT_CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount ?? 0);
}

/** A plain number in the user's number format (grouping and decimal separators). */
export function formatNumber(
  n: number | null | undefined,
  user?: FormatPrefs | null,
  options: Intl.NumberFormatOptions = { maximumFractionDigits: 2 },
): string {
  return numberFormatter(user?.numberFormat ?? DEFAULT_LOCALE, options).format(n ?? 0);
}

/** The calendar day the user sees for a moment, as 'yyyy-mm-dd' (chart queries, date inputs). */
export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A stored day (ISO timestamp at midnight UTC) as 'yyyy-mm-dd' for a date input. */
export function dayOfIso(iso: string): string {
  return iso.slice(0, 10);
}

/** A 'yyyy-mm-dd' day as the API stores it: the ISO timestamp at midnight UTC of that day. */
export function isoOfDay(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/**
 * The 'yyyy-mm-dd' day `months` months before `from` (date range defaults: 12 or 60 months): the
 * same day of the month, or the month's last day when it is shorter — 29 February 2024 a year
 * back is 28 February 2023, not 1 March (as the server's `addMonths` counts).
 */
export function monthsAgo(months: number, from: Date = new Date()): string {
  const first = new Date(from.getFullYear(), from.getMonth() - months, 1);
  const lastDay = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return toIsoDay(new Date(first.getFullYear(), first.getMonth(), Math.min(from.getDate(), lastDay)));
}
