import { type CsvExportQuery, type CsvFormat, csvExportQuerySchema } from '../../../../contract/queries';
import { joinTags } from '../../../../contract/tags';
import { listClients } from '../../../data/billing/clients';
import type { UserRecord } from '../../../data/identity/users';
import type { ActivityBase, ActivityKind } from '../../../data/tracking/activity-kind';
import { isScanKey, type ScanKey, type ScanScope } from '../../../data/tracking/activity-scan';
import { FINANCE_KIND, type FinanceActivityRecord } from '../../../data/tracking/finance-activities';
import { getProject, listProjects } from '../../../data/tracking/projects';
import { TIME_KIND, type TimeActivityRecord } from '../../../data/tracking/time-activities';
import { NotFoundError, ValidationError } from '../../../lib/errors';
import {
  decodeExportCursor,
  encodeExportCursor,
  escapedBytes,
  PAGE_BUDGET_BYTES,
  type PageClock,
  pageClock,
  readPage,
} from '../export-pages';
import { BOM, writeCsvRows } from './csv';
import { wallClockParts } from './zones';

/**
 * The CSV exports of time and finance entries, in pages of any account size. Each answer stays far below
 * Lambda's 6 MB response limit and API Gateway's 10 MB and 30 s: a page ends once its body, as
 * Lambda will escape it into the JSON of its response, reaches {@link PAGE_BUDGET_BYTES}, or when
 * its {@link PageClock} says so. While more follows, `x-next-cursor` holds the `cursor` of the next
 * page. Only the first page starts with the BOM and the header, so the pages' bodies, joined in
 * order, are the whole file.
 */
export const TIME_COLUMNS = [
  'Project',
  'Date',
  'Start',
  'End',
  'Duration',
  'Task',
  'Sub-task',
  'Notes',
  'Client',
  'Billable',
  'Tags',
  'Hours',
];
/** Release 4 added `Category` (an expense's; empty for income) and `VAT` after the seven before. */
export const FINANCE_COLUMNS = [
  'Project',
  'Date',
  'Type',
  'Amount',
  'Task',
  'Sub-task',
  'Notes',
  'Category',
  'VAT',
];

export { type CsvExportQuery, csvExportQuerySchema };

/** `h…h:mm:ss` of milliseconds, whole seconds (hours may pass 99). */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Milliseconds in hundredths of an hour, rounded half up (`5_400_000` → 150; 18 s → 1). */
const hundredthsOfHours = (ms: number) =>
  Math.floor((Math.max(0, Math.round(ms)) * 200 + 3_600_000) / 7_200_000);

/** Milliseconds as decimal hours with 2 decimals, rounded half up (`5_400_000` → `1.50`; 18 s → `0.01`). */
export function formatHours(ms: number): string {
  return formatCents(hundredthsOfHours(ms));
}

/**
 * The Hours cell of an entry of `ms` that follows entries of `beforeMs` in all: the rounded total
 * after it less the rounded total before it. Each cell is within 0.01 h of the entry's own hours,
 * and the column adds up to the file's whole time rounded once (sixty entries of 40 minutes make
 * 40.00 h, where rounding each to 0.67 would make 40.20).
 */
export const runningHours = (beforeMs: number, ms: number) =>
  formatCents(hundredthsOfHours(beforeMs + ms) - hundredthsOfHours(beforeMs));

/** How a file writes its cells: the delimiter and the decimal mark of its amounts and hours. */
export interface CsvDialect {
  delimiter: ',' | ';';
  decimal: '.' | ',';
}

/**
 * The file's dialect: `csv` is commas and dots; `excel` follows the user's number format, with
 * semicolons and decimal commas where it writes `1.234,56` (German Excel splits rows at
 * semicolons there and reads `27.01` as a date).
 */
export function csvDialect(format: CsvFormat | undefined, numberFormat: string): CsvDialect {
  const comma =
    format === 'excel' &&
    new Intl.NumberFormat(numberFormat).formatToParts(1.5).find((p) => p.type === 'decimal')?.value === ',';
  return comma ? { delimiter: ';', decimal: ',' } : { delimiter: ',', decimal: '.' };
}

/** The columns of each file that hold a decimal number (hours, amounts). */
const DECIMAL_COLUMNS: Record<'time' | 'finance', number[]> = { time: [11], finance: [3, 8] };

/** A row's decimal cells with the dialect's decimal mark. */
function withDecimalMark(row: string[], kind: 'time' | 'finance', dialect: CsvDialect): string[] {
  if (dialect.decimal === '.') return row;
  const out = [...row];
  for (const i of DECIMAL_COLUMNS[kind]) out[i] = (out[i] ?? '').replace('.', ',');
  return out;
}

/** Cents as an amount with a dot and two decimals (`1234` → `12.34`). */
export const formatCents = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The project's name and its client's name (or `''`), as the time rows show them. */
export interface ProjectNames {
  project: string;
  client: string;
}

export function timeRow(
  r: TimeActivityRecord,
  names: ProjectNames,
  tz: string,
  hours = formatHours(r.duration),
): string[] {
  return [
    names.project,
    r.date.slice(0, 10),
    r.startTime ? wallClockParts(r.startTime, tz).time : '',
    r.endTime ? wallClockParts(r.endTime, tz).time : '',
    formatDuration(r.duration),
    r.task,
    r.subTask,
    // Time entries have no notes; the column keeps both files' shapes alike.
    '',
    names.client,
    r.billable === false ? 'no' : 'yes',
    joinTags(r.tags ?? []),
    hours,
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
    r.expense ? (r.category ?? 'other') : '',
    formatCents(r.vatCents ?? 0),
  ];
}

const invalidCursor = () => new ValidationError('INVALID_CURSOR', { param: 'cursor' });

/** The export's scope after checking the project: another user's or a malformed id is 404. */
async function scopeOf(user: UserRecord, query: CsvExportQuery): Promise<ScanScope> {
  const projectId = query.projectid?.toUpperCase();
  if (projectId !== undefined) {
    if (!(await getProject(user._id, projectId))) {
      throw new NotFoundError('PROJECT_NOT_FOUND');
    }
  }
  return {
    userId: user._id,
    byDate: true,
    ...(projectId ? { projectId } : {}),
    ...(query.startdate ? { from: query.startdate } : {}),
    ...(query.enddate ? { to: query.enddate } : {}),
  };
}

export type CsvKind = 'time' | 'finance';

/**
 * Where a page starts: after the cursor's key (none: the first entry) with the milliseconds of the
 * time entries on the pages before. A cursor without a key is a page that ended before its first
 * entry; the file goes on after its header.
 */
function startOf(
  cursorText: string | undefined,
  sortPrefix: string,
  scope: ScanScope,
): { after?: ScanKey; msBefore: number } {
  if (cursorText === undefined) return { msBefore: 0 };
  const cursor = decodeExportCursor(cursorText);
  if (
    !cursor ||
    cursor.s !== sortPrefix ||
    (cursor.k !== undefined && !isScanKey(cursor.k, sortPrefix, scope)) ||
    (cursor.h !== undefined && !(Number.isSafeInteger(cursor.h) && cursor.h >= 0))
  )
    throw invalidCursor();
  return { ...(cursor.k ? { after: cursor.k } : {}), msBefore: cursor.h ?? 0 };
}

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
  const { after, msBefore } = startOf(query.cursor, k.sortPrefix, scope);
  const dialect = csvDialect(query.format, user.numberFormat);
  const [projects, clients] = await Promise.all([
    listProjects(user._id),
    kind === 'time' ? listClients(user._id) : Promise.resolve([]),
  ]);
  const clientNames = new Map(clients.map((c) => [c.clientId, c.name]));
  const names = new Map(
    projects.map((p) => [
      p.projectId,
      { project: p.name, client: (p.clientId && clientNames.get(p.clientId)) || '' },
    ]),
  );
  const tz = query.tz ?? 'UTC';
  const head =
    query.cursor === undefined
      ? `${BOM}${writeCsvRows([kind === 'time' ? TIME_COLUMNS : FINANCE_COLUMNS], dialect.delimiter)}`
      : '';
  const rowOf = (r: ActivityBase, hours?: string) => {
    const project = names.get(r.projectId) ?? { project: '', client: '' };
    const row =
      kind === 'time'
        ? timeRow(r as unknown as TimeActivityRecord, project, tz, hours)
        : financeRow(r as unknown as FinanceActivityRecord, project.project);
    return writeCsvRows([withDecimalMark(row, kind, dialect)], dialect.delimiter);
  };
  // Rows are measured as written alone; the time file's Hours are written once the page's rows
  // are known, each after those before it (a cell's width changes by a character at most).
  const page = await readPage(
    k,
    scope,
    after,
    { bytes: PAGE_BUDGET_BYTES, clock, usedBytes: escapedBytes(head) },
    (r) => ({ r, text: rowOf(r) }),
    (row) => escapedBytes(row.text) + 1,
    (r) => names.has(r.projectId),
  );
  let ms = msBefore;
  const rows = page.items.map(({ r, text }) => {
    if (kind !== 'time') return text;
    const duration = (r as unknown as TimeActivityRecord).duration;
    const row = rowOf(r, runningHours(ms, duration));
    ms += duration;
    return row;
  });
  const stamp = new Date(now).toISOString().slice(0, 10);
  return {
    text: head + rows.join(''),
    ...(page.more
      ? {
          nextCursor: encodeExportCursor({
            s: k.sortPrefix,
            ...(page.next ? { k: page.next } : {}),
            ...(kind === 'time' ? { h: ms } : {}),
          }),
        }
      : {}),
    fileName: `timeledger-${kind === 'time' ? 'time' : 'income-expenses'}-${stamp}.csv`,
  };
}
