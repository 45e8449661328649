import type { ActivityBase, ActivityKind } from '../../data/tracking/activity-kind';
import { type ScanKey, type ScanScope, scanActivities } from '../../data/tracking/activity-scan';
import { config } from '../../lib/config';

/**
 * Paging shared by the exports (the CSV files in `csv/export.ts`, the JSON account export in
 * `exports.ts`): page budgets, the page clock, cursors and the reading of one page. Apart from the
 * CSV code so that the JSON export does not load the CSV writer.
 */

/** Escaped body bytes per page: 4 MB of Lambda's 6 MB, the rest for headers and margin. */
export const PAGE_BUDGET_BYTES = 4 * 1024 * 1024;
/**
 * The function time a page leaves for what follows its reading: turning up to 4 MB into the
 * response and sending it, on a loaded machine. Reading stops this long before the function's
 * timeout even when a single Query is still in flight.
 */
export const ANSWER_MARGIN_MS = 3_000;

/**
 * When a page stops reading. `endsAt` (the page's reading time, `EXPORT_PAGE_TIME_MS`, 3 s): no
 * entry is added after it, but a page holds at least one. `deadline` (the function's time less
 * {@link ANSWER_MARGIN_MS}): the read in flight is abandoned and the page ends where it is —
 * without an entry, if need be — so a slow DynamoDB makes pages shorter, never a timeout (a 5xx).
 */
export interface PageClock {
  endsAt: number;
  deadline: number;
}

/** The clock of a page starting `now` in a function with `remainingMs` left. */
export function pageClock(now: number, remainingMs: number): PageClock {
  const deadline = now + remainingMs - ANSWER_MARGIN_MS;
  return { endsAt: Math.min(now + config.exportPageTimeMs, deadline), deadline };
}

/** The bytes a piece of the body takes inside Lambda's JSON response (quotes, newlines escaped). */
export const escapedBytes = (text: string) => Buffer.byteLength(JSON.stringify(text), 'utf8') - 2;

interface Cursor {
  s: string;
  k?: ScanKey;
  /** The time CSV: the milliseconds of the entries on the pages before (its Hours add up). */
  h?: number;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');

function decodeCursor(text: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null || typeof (value as Cursor).s !== 'string')
      return undefined;
    return value as Cursor;
  } catch {
    return undefined;
  }
}

/** One page of entries read from `after` on: as many as fit the budgets. */
export interface PageOf<T> {
  items: T[];
  /** Whether entries may follow (the scan did not reach its end). */
  more: boolean;
  /** Where the next page starts (absent: at the beginning, when no entry could be read in time). */
  next?: ScanKey;
  /** The budget's bytes used, this page's entries included. */
  used: number;
}

/**
 * Reads entries of one kind from `after` on until `measure`d bytes reach the budget or the clock
 * ends the page. An entry that does not fit is left for the next page (never split). Only entries
 * `keep` accepts are exported (the entries of live projects: a project being deleted is no longer
 * the user's data, though its clean-up may not have reached all its entries yet).
 */
export async function readPage<R extends ActivityBase, T>(
  k: ActivityKind<R>,
  scope: ScanScope,
  after: ScanKey | undefined,
  budget: { bytes: number; clock: PageClock; usedBytes?: number },
  toEntry: (record: R) => T,
  measure: (entry: T) => number,
  keep: (record: R) => boolean = () => true,
): Promise<PageOf<T>> {
  const items: T[] = [];
  let used = budget.usedBytes ?? 0;
  let last = after;
  const stop = new AbortController();
  const wait = budget.clock.deadline - Date.now();
  if (wait <= 0) stop.abort();
  // An infinite deadline (no function context: tests, scripts) needs no timer.
  const timer = wait > 0 && Number.isFinite(wait) ? setTimeout(() => stop.abort(), wait) : undefined;
  const cut = (): PageOf<T> => ({ items, used, more: true, ...(last ? { next: last } : {}) });
  try {
    for await (const { record, position } of scanActivities(k, scope, after, stop.signal)) {
      if (!keep(record)) {
        last = position;
        continue;
      }
      const entry = toEntry(record);
      const size = measure(entry);
      if (items.length > 0 && used + size > budget.bytes) return cut();
      items.push(entry);
      used += size;
      last = position;
      if (Date.now() >= budget.clock.endsAt) return cut();
    }
  } catch (error) {
    if (stop.signal.aborted) return cut();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { items, used, more: false };
}

export { decodeCursor as decodeExportCursor, encodeCursor as encodeExportCursor };
