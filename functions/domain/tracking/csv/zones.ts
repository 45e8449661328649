/**
 * Wall-clock times in CSV files are in the person's time zone (Toggl, Clockify and Harvest export
 * them so; the app sends the browser's zone as `tz`). Stored times are instants (ISO, UTC).
 */

export { isTimeZone } from '../../../../contract/days';

/**
 * Formatters per zone name as the client wrote it. Zone names match case-insensitively, so a
 * client could send endless spellings of one zone: the cache is emptied when it reaches
 * `MAX_FORMATTERS` instead of growing with them for the life of the instance.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 64;
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall clock of an instant in `tz`, as milliseconds of a UTC date with the same fields. */
function wallClockMs(instantMs: number, tz: string): number {
  if (tz === 'UTC') return instantMs;
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(instantMs))) parts[p.type] = Number(p.value);
  const fields = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  // Intl drops milliseconds; keep the instant's own.
  return fields + (((instantMs % 1000) + 1000) % 1000);
}

const DAY_MS = 86_400_000;

/** How far `tz`'s wall clock is ahead of UTC at an instant, in ms. */
const offsetAt = (instantMs: number, tz: string) => wallClockMs(instantMs, tz) - instantMs;

/**
 * The instant at which the wall clock in `tz` shows the given fields (`wallMs`: those fields as a
 * UTC timestamp), as people mean a time written in a file (and as `Temporal`'s "compatible"
 * choice): a time that happens twice (the hour clocks go back) is its FIRST occurrence; a time
 * that never happens (the hour clocks skip) is read with the offset before the change, so it
 * lands as much LATER as the clocks jumped (New York's 02:30 on the spring day is 03:30 EDT).
 *
 * The two offsets that can apply are the ones a day before and a day after (no zone changes its
 * offset twice within two days); each gives one candidate instant, kept if the wall clock there
 * really shows `wallMs`.
 */
export function instantOfWallClock(wallMs: number, tz: string): number {
  if (tz === 'UTC') return wallMs;
  const before = wallMs - offsetAt(wallMs - DAY_MS, tz);
  const after = wallMs - offsetAt(wallMs + DAY_MS, tz);
  const shows = (instant: number) => wallClockMs(instant, tz) === wallMs;
  const valid = [before, after].filter(shows);
  if (valid.length > 0) return Math.min(...valid);
  // Skipped: the offset in force before the change puts it after the jump, by the jump's size.
  return before;
}

/** `yyyy-mm-dd` and `HH:mm` of an instant on the wall clock of `tz`. */
export function wallClockParts(iso: string, tz: string): { day: string; time: string } {
  const wall = new Date(wallClockMs(Date.parse(iso), tz)).toISOString();
  return { day: wall.slice(0, 10), time: wall.slice(11, 16) };
}
