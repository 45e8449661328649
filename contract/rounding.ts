/**
 * Rounding of tracked time, as freelancers bill it: each entry's duration is rounded up, down or
 * to the nearest multiple of a few minutes. Stored entries stay exact; reports and invoices apply
 * the user's `rounding` setting to each entry on the way out. Plain constants and one pure
 * function, so the server (reports, invoices), the app and the tests share one definition.
 */

export const ROUNDING_MODES = ['none', 'up', 'down', 'nearest'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

/** The steps a rounding may use, in minutes. */
export const ROUNDING_MINUTES = [1, 5, 6, 10, 15, 30, 60] as const;
export type RoundingMinutes = (typeof ROUNDING_MINUTES)[number];

/** The user setting `rounding` (`POST /api/usersettings/`, answered by `GET /api/auth`). */
export interface Rounding {
  mode: RoundingMode;
  minutes: RoundingMinutes;
}

/** A user who never chose: no rounding (the step is what the settings form offers first). */
export const DEFAULT_ROUNDING: Rounding = { mode: 'none', minutes: 15 };

const MS_PER_MINUTE = 60_000;

/**
 * One entry's duration in milliseconds after `rounding`: `up` to the next multiple of the step
 * (an exact multiple stays; 0 stays 0), `down` to the multiple at or below it, `nearest` to the
 * closer multiple with a half step going up (7:30 at 15 minutes is 15:00). `none` answers the
 * duration unchanged. Apply it per entry, then sum: rounding a sum gives a different bill.
 */
export function roundEntryMs(durationMs: number, rounding: Rounding): number {
  const ms = Math.max(0, Math.round(durationMs));
  if (rounding.mode === 'none') return ms;
  const step = rounding.minutes * MS_PER_MINUTE;
  const whole = Math.floor(ms / step);
  const rest = ms - whole * step;
  if (rest === 0 || rounding.mode === 'down') return whole * step;
  if (rounding.mode === 'up') return (whole + 1) * step;
  return (rest * 2 >= step ? whole + 1 : whole) * step;
}

/** The roundings that change a duration: every mode but `none` with every step. */
export const ROUNDING_VARIANTS: ReadonlyArray<Rounding> = ROUNDING_MODES.filter((m) => m !== 'none').flatMap(
  (mode) => ROUNDING_MINUTES.map((minutes) => ({ mode, minutes })),
);

/**
 * The stored attribute that sums the rounded billable durations of one variant (`rU15`: up to 15
 * minutes). Rollups keep one per variant, so a change of the setting applies to the whole history
 * at once without reading any entry.
 */
export function roundedAttribute(rounding: Rounding): string | undefined {
  if (rounding.mode === 'none') return undefined;
  return `r${rounding.mode.slice(0, 1).toUpperCase()}${rounding.minutes}`;
}

/** Whether a value is a rounding setting (mode and step from the lists above). */
export function isRounding(value: unknown): value is Rounding {
  if (typeof value !== 'object' || value === null) return false;
  const { mode, minutes } = value as Record<string, unknown>;
  return (
    (ROUNDING_MODES as readonly unknown[]).includes(mode) &&
    (ROUNDING_MINUTES as readonly unknown[]).includes(minutes)
  );
}
