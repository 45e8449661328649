/**
 * The sizes the API accepts. Fixed by the product, not configuration (the free plan's limits are
 * configuration: see {@link FreeLimits}).
 */

/**
 * The length of a text as the limits count it: in Unicode code points. An emoji or a CJK
 * character from the supplementary planes is one character, as a person counts it, not the two
 * UTF-16 units JavaScript's `length` sees; graphemes (a family emoji is several code points) would
 * depend on the Unicode version of the runtime, code points do not.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Task, sub-task and every name (projects, people), in characters (Unicode code points). */
export const MAX_NAME_LENGTH = 200;
/** Notes and descriptions, in characters (Unicode code points). */
export const MAX_TEXT_LENGTH = 2000;
/** One entry may cover at most a year: more is a typo, and it keeps every total a safe integer. */
export const MAX_DURATION_MS = 366 * 24 * 60 * 60 * 1000;
/** The largest amount one entry may carry; keeps every plausible sum of cents a safe integer. */
export const MAX_AMOUNT = 100_000_000;
/** Entries per page of a project's list: the default and the most a `limit` may ask for. */
export const DEFAULT_PAGE_SIZE = 1000;
/** Passwords: the fewest characters a new one may have, and the most any may have. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * What a free account may hold. The operator sets these (`FREE_PROJECT_LIMIT`, `FREE_ITEM_LIMIT`);
 * `GET /api/auth` answers them as `limits`, so the app shows the numbers the server enforces.
 */
export interface FreeLimits {
  /** Projects a free account may have. */
  projects: number;
  /** Time entries, income and expenses together. */
  items: number;
}
