import * as z from 'zod';
import type { ActivityBase, ActivityKind } from '../../data/activity-kind';
import { isScanKey, type ScanKey, type ScanScope, scanActivities } from '../../data/activity-scan';
import { FINANCE_KIND, type FinanceActivityRecord } from '../../data/finance-activities';
import { getProject, listProjects } from '../../data/projects';
import { TIME_KIND, type TimeActivityRecord } from '../../data/time-activities';
import type { UserRecord } from '../../data/users';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { isEntityId } from '../fields';
import { PROJECT_NOT_FOUND } from '../projects';
import { BOM, writeCsvRows } from './csv';
import { isTimeZone, wallClockParts } from './zones';

/**
 * The CSV exports of time and finance entries, in pages of any account size. Each answer stays far below
 * Lambda's 6 MB response limit and API Gateway's 10 MB and 30 s: a page ends once its body, as
 * Lambda will escape it into the JSON of its response, reaches {@link PAGE_BUDGET_BYTES}, or after
 * {@link PAGE_TIME_BUDGET_MS}. While more follows, `x-next-cursor` holds the `cursor` of the next
 * page. Only the first page starts with the BOM and the header, so the pages' bodies, joined in
 * order, are the whole file.
 */
export const TIME_COLUMNS = ['Project', 'Date', 'Start', 'End', 'Duration', 'Task', 'Sub-task', 'Notes'];
export const FINANCE_COLUMNS = ['Project', 'Date', 'Type', 'Amount', 'Task', 'Sub-task', 'Notes'];

/** Escaped body bytes per page: 4 MB of Lambda's 6 MB, the rest for headers and margin. */
export const PAGE_BUDGET_BYTES = 4 * 1024 * 1024;
/** Reading time per page, well inside a 10 s function (and API Gateway's 30 s). */
export const PAGE_TIME_BUDGET_MS = 3_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .regex(DAY, `${label} must be a date (yyyy-mm-dd)`)
    .refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      `${label} must be a date (yyyy-mm-dd)`,
    );

/** Query of the CSV exports. */
export const csvExportQuerySchema = z
  .object({
    projectid: z.string().max(200).optional(),
    startdate: day('startdate').optional(),
    enddate: day('enddate').optional(),
    tz: z.string().refine(isTimeZone, 'tz must be a time zone such as Europe/Berlin').optional(),
    cursor: z.string().max(4000, 'Invalid cursor').optional(),
  })
  .refine((q) => !q.startdate || !q.enddate || q.startdate <= q.enddate, {
    message: 'startdate must not be after enddate',
    path: ['startdate'],
  });
export type CsvExportQuery = z.infer<typeof csvExportQuerySchema>;

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
    r.activity,
    r.description,
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
    r.activity,
    r.description,
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

const invalidCursor = () => new ValidationError('Invalid cursor', 'cursor', 'INVALID_CURSOR');

/** One page of entries read from `after` on: as many as fit the budgets. */
export interface PageOf<T> {
  items: T[];
  /** Where the next page starts; absent when the scan reached the end. */
  next?: ScanKey;
  /** The budget's bytes used, this page's entries included. */
  used: number;
}

/**
 * Reads entries of one kind from `after` on until `measure`d bytes reach the budget or time runs
 * out. An entry that does not fit is left for the next page (never split); a page holds at least one.
 * Only entries `keep` accepts are exported (the entries of live projects: a project being deleted
 * is no longer the user's data, though its clean-up may not have reached all its entries yet).
 */
export async function readPage<R extends ActivityBase, T>(
  k: ActivityKind<R>,
  scope: ScanScope,
  after: ScanKey | undefined,
  budget: { bytes: number; startedAt: number; usedBytes?: number },
  toEntry: (record: R) => T,
  measure: (entry: T) => number,
  keep: (record: R) => boolean = () => true,
): Promise<PageOf<T>> {
  const items: T[] = [];
  let used = budget.usedBytes ?? 0;
  let last: ScanKey | undefined;
  for await (const { record, position } of scanActivities(k, scope, after)) {
    if (!keep(record)) {
      last = position;
      continue;
    }
    const entry = toEntry(record);
    const size = measure(entry);
    if (items.length > 0 && used + size > budget.bytes)
      return { items, used, ...(last ? { next: last } : {}) };
    items.push(entry);
    used += size;
    last = position;
    if (Date.now() - budget.startedAt > PAGE_TIME_BUDGET_MS) return { items, used, next: position };
  }
  return { items, used };
}

/** The export's scope after checking the project: another user's or a malformed id is 404. */
async function scopeOf(user: UserRecord, query: CsvExportQuery): Promise<ScanScope> {
  const projectId = query.projectid?.toUpperCase();
  if (projectId !== undefined) {
    if (!isEntityId(projectId) || !(await getProject(user._id, projectId))) {
      throw new NotFoundError(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
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

/** One page of a CSV export: the text (the first page with BOM and header) and the next cursor. */
export async function exportCsvPage(
  user: UserRecord,
  kind: CsvKind,
  query: CsvExportQuery,
  now = Date.now(),
): Promise<{ text: string; nextCursor?: string; fileName: string }> {
  const scope = await scopeOf(user, query);
  const k = (kind === 'time' ? TIME_KIND : FINANCE_KIND) as ActivityKind<ActivityBase>;
  let after: ScanKey | undefined;
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor || cursor.s !== k.sortPrefix || !isScanKey(cursor.k, k.sortPrefix, scope))
      throw invalidCursor();
    after = cursor.k;
  }
  const names = new Map((await listProjects(user._id)).map((p) => [p.projectId, p.name]));
  const tz = query.tz ?? 'UTC';
  const head = after ? '' : `${BOM}${writeCsvRows([kind === 'time' ? TIME_COLUMNS : FINANCE_COLUMNS])}`;
  const page = await readPage(
    k,
    scope,
    after,
    { bytes: PAGE_BUDGET_BYTES, startedAt: now, usedBytes: escapedBytes(head) },
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
    ...(page.next ? { nextCursor: encodeCursor({ s: k.sortPrefix, k: page.next }) } : {}),
    fileName: `timeledger-${kind === 'time' ? 'time' : 'income-expenses'}-${stamp}.csv`,
  };
}

export { decodeCursor as decodeExportCursor, encodeCursor as encodeExportCursor };
