import { addDays, type DayRange, dayNumber, daysInRange, weekStart } from '../../shared/calendar';

/**
 * Time buckets for the line charts. The granularity follows the range so a chart never has more
 * than a few dozen points: days up to 62 days (about two months), weeks (starting on the user's
 * week start, Monday by default) up to 186 days (about six months), calendar months beyond.
 */
export type Granularity = 'day' | 'week' | 'month';

export const MAX_DAY_BUCKET_RANGE = 62;
export const MAX_WEEK_BUCKET_RANGE = 186;

export interface Bucket {
  /** First day of the bucket inside the range (a partial first week or month starts at the range start). */
  start: string;
  /** Last day of the bucket inside the range. */
  end: string;
  /**
   * What the axis shows, in no language: the day `2026-03-12` for days and weeks (the week's first
   * day in range), the month `2026-03` for months. Clients name it in the viewer's language.
   */
  label: string;
}

export function granularityFor(range: DayRange): Granularity {
  const days = daysInRange(range.start, range.end);
  if (days <= MAX_DAY_BUCKET_RANGE) return 'day';
  if (days <= MAX_WEEK_BUCKET_RANGE) return 'week';
  return 'month';
}

/** The month of a day, `2026-03` (ISO 8601). */
export const monthLabel = (day: string): string => day.slice(0, 7);

function lastDayOfMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The buckets covering `range` (both ends included), in order, without gaps or overlaps: every
 * day of the range lies in exactly one bucket, so the buckets' sums add up to the range's total.
 */
export function bucketsFor(
  range: DayRange,
  granularity: Granularity = granularityFor(range),
  firstWeekday = 1,
): Bucket[] {
  const buckets: Bucket[] = [];
  let start = range.start;
  while (start <= range.end) {
    let end: string;
    let label: string;
    if (granularity === 'day') {
      end = start;
      label = start;
    } else if (granularity === 'week') {
      end = addDays(weekStart(start, firstWeekday), 6);
      label = start;
    } else {
      end = lastDayOfMonth(start);
      label = monthLabel(start);
    }
    if (end > range.end) end = range.end;
    buckets.push({ start, end, label });
    start = addDays(end, 1);
  }
  return buckets;
}

/** The fewest days a line chart starting at its first data shows: a line needs more than one point. */
export const MIN_SHOWN_DAYS = 7;

/**
 * The range a line chart shows: from the first day in it that holds anything (time or money) —
 * or the week before its end, if that is earlier — to its end, so a project started last week shows
 * its days rather than years of empty months. A range with nothing in it is shown whole. Sums are
 * unchanged: nothing lies before that day.
 */
export function rangeFromFirstData(
  range: DayRange,
  rows: readonly { day: string; timeMs: number; incomeCents: number; expenseCents: number }[],
): DayRange {
  let first: string | undefined;
  for (const r of rows) {
    if (r.day < range.start || r.day > range.end) continue;
    if (r.timeMs === 0 && r.incomeCents === 0 && r.expenseCents === 0) continue;
    if (first === undefined || r.day < first) first = r.day;
  }
  if (!first) return range;
  const lastWeek = addDays(range.end, -(MIN_SHOWN_DAYS - 1));
  const start = first < lastWeek ? first : lastWeek;
  return start > range.start ? { start, end: range.end } : range;
}

/**
 * A lookup from day to bucket index, built once per chart so placing N rollup rows is O(N).
 * Days outside the range answer -1.
 */
export function bucketIndexer(range: DayRange, buckets: readonly Bucket[]): (day: string) => number {
  const first = dayNumber(range.start);
  const index = new Int32Array(daysInRange(range.start, range.end));
  buckets.forEach((bucket, i) => {
    for (let n = dayNumber(bucket.start); n <= dayNumber(bucket.end); n++) index[n - first] = i;
  });
  return (day: string) => {
    const offset = dayNumber(day) - first;
    return offset >= 0 && offset < index.length ? (index[offset] ?? -1) : -1;
  };
}
