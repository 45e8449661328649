import { isEntityId } from '../../../contract/fields';
import type { ActivityBase, ActivityKind } from '../../data/activity-kind';
import { isScanKey, type ScanKey, type ScanScope, scanActivities } from '../../data/activity-scan';
import { FINANCE_KIND, type FinanceActivityRecord } from '../../data/finance-activities';
import { getProject, listProjects } from '../../data/projects';
import { TIME_KIND, type TimeActivityRecord } from '../../data/time-activities';
import type { UserRecord } from '../../data/users';
import { config } from '../../lib/config';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { BOM, writeCsvRows } from './csv';
import { type CsvExportQuery, csvExportQuerySchema } from './export-query';
import { wallClockParts } from './zones';

/**
 * The CSV exports of time and finance entries, in pages of any account size. Each answer stays far below
 * Lambda's 6 MB response limit and API Gateway's 10 MB and 30 s: a page ends once its body, as
 * Lambda will escape it into the JSON of its response, reaches {@link PAGE_BUDGET_BYTES}, or when
 * its {@link PageClock} says so. While more follows, `x-next-cursor` holds the `cursor` of the next
 * page. Only the first page starts with the BOM and the header, so the pages' bodies, joined in
 * order, are the whole file.
 */
export const TIME_COLUMNS = ['Project', 'Date', 'Start', 'End', 'Duration', 'Task', 'Sub-task', 'Notes'];
export const FINANCE_COLUMNS = ['Project', 'Date', 'Type', 'Amount', 'Task', 'Sub-task', 'Notes'];

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

export { type CsvExportQuery, csvExportQuerySchema };

/** `h…h:mm:ss` of milliseconds, whole seconds (hours may pass 99). */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Cents as an amount with a dot and two decimals (`1234` → `12.34`). */
export const formatCents = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function timeRow(r: TimeActivityRecord, project: string, tz: string): string[] {
  return [
    project,
    r.date.slice(0, 10),
    r.startTime ? wallClockParts(r.startTime, tz).time : '',
    r.endTime ? wallClockParts(r.endTime, tz).time : '',
    formatDuration(r.duration),
    r.task,
    r.subTask,
    // Time entries have no notes; the column keeps both files' shapes alike.
    '',
  ];
}

export function financeRow(r: FinanceActivityRecord, project: string): string[] {
  return [
    project,
    r.date.slice(0, 10),
    r.expense ? 'expense' : 'income',
    formatCents(r.amountCents),
    r.task,
    r.subTask,
    r.notes,
  ];
}

/** The bytes a piece of the body takes inside Lambda's JSON response (quotes, newlines escaped). */
export const escapedBytes = (text: string) => Buffer.byteLength(JSON.stringify(text), 'utf8') - 2;

interface Cursor {
  s: string;
  k?: ScanKey;
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

const invalidCursor = () => new ValidationError('INVALID_CURSOR', { param: 'cursor' });

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

/** The export's scope after checking the project: another user's or a malformed id is 404. */
async function scopeOf(user: UserRecord, query: CsvExportQuery): Promise<ScanScope> {
  const projectId = query.projectid?.toUpperCase();
  if (projectId !== undefined) {
    if (!isEntityId(projectId) || !(await getProject(user._id, projectId))) {
      throw new NotFoundError('PROJECT_NOT_FOUND');
    }
  }
  return {
    userId: user._id,
    ...(projectId ? { projectId } : {}),
    ...(query.startdate ? { from: query.startdate } : {}),
    ...(query.enddate ? { to: query.enddate } : {}),
  };
}

export type CsvKind = 'time' | 'finance';

/**
 * One page of a CSV export: the text (the first page with BOM and header) and the next cursor.
 * `remainingMs` is the function's time left (see {@link PageClock}).
 */
export async function exportCsvPage(
  user: UserRecord,
  kind: CsvKind,
  query: CsvExportQuery,
  options: { remainingMs: number; now?: number },
): Promise<{ text: string; nextCursor?: string; fileName: string }> {
  const now = options.now ?? Date.now();
  const clock = pageClock(now, options.remainingMs);
  const scope = await scopeOf(user, query);
  const k = (kind === 'time' ? TIME_KIND : FINANCE_KIND) as ActivityKind<ActivityBase>;
  let after: ScanKey | undefined;
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor);
    // A cursor without a key: a page that ended before its first entry; the file starts over after its header.
    if (
      !cursor ||
      cursor.s !== k.sortPrefix ||
      (cursor.k !== undefined && !isScanKey(cursor.k, k.sortPrefix, scope))
    )
      throw invalidCursor();
    after = cursor.k;
  }
  const names = new Map((await listProjects(user._id)).map((p) => [p.projectId, p.name]));
  const tz = query.tz ?? 'UTC';
  const head =
    query.cursor === undefined
      ? `${BOM}${writeCsvRows([kind === 'time' ? TIME_COLUMNS : FINANCE_COLUMNS])}`
      : '';
  const page = await readPage(
    k,
    scope,
    after,
    { bytes: PAGE_BUDGET_BYTES, clock, usedBytes: escapedBytes(head) },
    (r) => {
      const project = names.get(r.projectId) ?? '';
      return writeCsvRows([
        kind === 'time'
          ? timeRow(r as unknown as TimeActivityRecord, project, tz)
          : financeRow(r as unknown as FinanceActivityRecord, project),
      ]);
    },
    escapedBytes,
    (r) => names.has(r.projectId),
  );
  const stamp = new Date(now).toISOString().slice(0, 10);
  return {
    text: head + page.items.join(''),
    ...(page.more
      ? { nextCursor: encodeCursor({ s: k.sortPrefix, ...(page.next ? { k: page.next } : {}) }) }
      : {}),
    fileName: `timeledger-${kind === 'time' ? 'time' : 'income-expenses'}-${stamp}.csv`,
  };
}

export { decodeCursor as decodeExportCursor, encodeCursor as encodeExportCursor };
