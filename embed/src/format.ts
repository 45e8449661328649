import type { EmbedChartType } from './snippet';

/** Formats one chart value; `tick` asks for the shorter form used on an axis. */
export type ValueFormat = (value: number, tick?: boolean) => string;

/** The unit a chart type's data is in: time charts answer hours (decimal), money charts the user's currency. */
export function isMoneyChart(chartType: EmbedChartType): boolean {
  return chartType === 'profitloss' || chartType === 'profitlossperhour';
}

/**
 * Made Intl formatters by locale and options. Making one is slow (it loads the locale's data, tens
 * of microseconds), using one is fast, and a chart formats every tick, point and label: the
 * dashboard's first drawing made hundreds of identical formatters. A page uses a handful.
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: 'number' | 'date',
  locale: string | undefined,
  options: object,
  make: () => F,
): F {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let format = made.get(key) as F | undefined;
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

/** `Intl.NumberFormat`, falling back to en-US when the browser does not know the locale or currency. */
function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', locale, options, () => {
    try {
      return new Intl.NumberFormat(locale, options);
    } catch {
      const { currency: _currency, style: _style, ...plain } = options;
      return new Intl.NumberFormat('en-US', plain);
    }
  });
}

/**
 * Hours (decimal) as `h:mm h` — how the app shows durations — with the hours grouped in the user's
 * number format (`1,234:30 h`, `1.234:30 h`).
 */
export function formatHours(hours: number, locale?: string): string {
  const minutes = Math.round(Math.abs(hours) * 60);
  const whole = numberFormat(locale, { maximumFractionDigits: 0 }).format(Math.floor(minutes / 60));
  const sign = hours < 0 && minutes > 0 ? '-' : '';
  return `${sign}${whole}:${String(minutes % 60).padStart(2, '0')} h`;
}

/**
 * The value formatter for a chart: durations for time charts, money for profit/loss (with `/h` for
 * the per-hour chart) in the user's currency and number format, always two decimals except on axis
 * ticks that are whole numbers.
 */
export function valueFormat(chartType: EmbedChartType, locale?: string, currency?: string): ValueFormat {
  if (!isMoneyChart(chartType)) return (value) => formatHours(value, locale);
  const base: Intl.NumberFormatOptions = currency ? { style: 'currency', currency } : {};
  const suffix = chartType === 'profitlossperhour' ? '/h' : '';
  // The formatters are made at the first value formatted, not here: a screen makes its charts'
  // formats up front, and a chart below the fold may never draw.
  const formats: Partial<Record<0 | 2, Intl.NumberFormat>> = {};
  return (value, tick) => {
    const digits = tick && Number.isInteger(value) ? 0 : 2;
    let format = formats[digits];
    if (!format) {
      format = numberFormat(locale, {
        ...base,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      formats[digits] = format;
    }
    return format.format(value) + suffix;
  };
}

/**
 * Short month names as the browser's Intl writes them for the app's two languages (British English
 * for English, as the app writes dates). Making a date formatter is the slowest thing a chart's
 * first drawing did on a phone (it loads the locale's calendar data); `format.test.ts` checks
 * these against Intl for every month and day.
 */
const MONTHS: Record<string, { names: readonly string[]; day: (d: number, m: string) => string }> = {
  en: {
    names: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    day: (d, m) => `${d} ${m}`,
  },
  de: {
    names: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
    day: (d, m) => `${d}. ${m}`,
  },
};

/**
 * A chart's period label from the API (a day `2026-03-12` or a month `2026-03`) in `language`:
 * `12 Mar` / `Mar 2026`, German `12. März` / `März 2026`; another language with the browser's own
 * Intl data (no locale files in the bundle). Any other label (a task, a project) is a name and
 * stays as it is.
 */
export function formatPeriod(label: string, language: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(label);
  if (!m) return label;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3] ?? 1)));
  if (Number.isNaN(date.getTime())) return label;
  const known = MONTHS[language];
  if (known) {
    const month = known.names[date.getUTCMonth()] as string;
    return m[3] ? known.day(date.getUTCDate(), month) : `${month} ${date.getUTCFullYear()}`;
  }
  const options: Intl.DateTimeFormatOptions = m[3]
    ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
    : { month: 'short', year: 'numeric', timeZone: 'UTC' };
  return cached('date', language, options, () => new Intl.DateTimeFormat(language, options)).format(date);
}

/** A share as a percentage in the user's number format, e.g. `42.5%`. */
export function formatPercent(share: number, locale?: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/**
 * About `count` evenly spaced, round tick values covering [min, max] (the classic "nice numbers"
 * steps of 1, 2, 2.5 and 5 × 10ⁿ). Always includes 0 when the range spans it, so bars and the
 * profit/loss zero line sit on a tick.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  let lo = Math.min(min, 0);
  let hi = Math.max(max, 0);
  if (lo === hi) hi = lo + 1;
  const raw = (hi - lo) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  // Rounding keeps 0.1 + 0.2-style noise out of the labels.
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Math.round(v / step) * step);
  return ticks;
}
