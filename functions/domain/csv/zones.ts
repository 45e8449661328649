/**
 * Wall-clock times in CSV files are in the person's time zone (Toggl, Clockify and Harvest export
 * them so; the app sends the browser's zone as `tz`). Stored times are instants (ISO, UTC).
 */

export { isTimeZone } from '../../../contract/days';

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

/**
 * The instant at which the wall clock in `tz` shows the given fields (`wallMs`: those fields as a
 * UTC timestamp). Two rounds settle the offset; a time skipped by a DST change lands an hour later,
 * a repeated one on its first occurrence.
 */
export function instantOfWallClock(wallMs: number, tz: string): number {
  if (tz === 'UTC') return wallMs;
  let guess = wallMs;
  for (let round = 0; round < 2; round++) guess = wallMs - (wallClockMs(guess, tz) - guess);
  return guess;
}

/** `yyyy-mm-dd` and `HH:mm` of an instant on the wall clock of `tz`. */
export function wallClockParts(iso: string, tz: string): { day: string; time: string } {
  const wall = new Date(wallClockMs(Date.parse(iso), tz)).toISOString();
  return { day: wall.slice(0, 10), time: wall.slice(11, 16) };
}
