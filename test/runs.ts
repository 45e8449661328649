/**
 * How many cases a generated test runs. `npm test` runs a developer's quick count; `FULL=1 npm
 * test`, what CI runs (`.ci/run`), the full one. Every property and every check runs in both
 * modes; only the number of generated cases (or rows, or requests) differs.
 */
export const FULL = process.env.FULL === '1';

/** `full` cases with FULL=1, else `quick` (by default a fifth of `full`, at least 3). */
export function runs(full: number, quick = Math.max(3, Math.round(full / 5))): number {
  return FULL ? full : Math.min(full, quick);
}
