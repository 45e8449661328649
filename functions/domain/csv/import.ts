import { errorItem } from '../../../contract/error-codes';
import type { ActivityBase, ActivityKind } from '../../data/activity-kind';
import { getCounters } from '../../data/counters';
import { FINANCE_KIND, type FinanceActivityRecord } from '../../data/finance-activities';
import {
  MAX_TX_ITEMS,
  type NewActivity,
  packTransactions,
  storedIds,
  type WriteOutcome,
  writeRun,
} from '../../data/import-writes';
import { TIME_KIND, type TimeActivityRecord } from '../../data/time-activities';
import type { UserRecord } from '../../data/users';
import { config } from '../../lib/config';
import { ValidationError } from '../../lib/errors';
import { dayKeyToIso } from '../dates';
import { type RowProblem, readCsv } from './csv';
import { rowId } from './import-ids';
import { createProjects, type ImportProject, nameKey, projectPlan } from './import-plan';
import {
  cellReader,
  type ImportRow,
  type ImportSource,
  ignoredColumns,
  missingColumns,
  RowError,
  SOURCES,
} from './sources';

/**
 * `POST /api/import/{source}`: reads a CSV file of another tracker (or Timeledger's own export),
 * creates the projects it names that the person does not have yet (matched by name, ignoring
 * case), and adds its rows as entries — each with an id derived from the source and the row's
 * content, so importing a file again, or two exports that overlap, adds nothing twice.
 */
export interface ImportReport {
  imported: number;
  skipped: number;
  projectsCreated: string[];
  clientsCreated: string[];
  /** Columns of the file the product does not keep: named, never dropped silently. */
  ignoredColumns: string[];
  errors: RowProblem[];
}

/** What a dry run answers: the rows it would import, a preview of the first, the new projects. */
export interface ImportPreview {
  rows: number;
  projectsToCreate: string[];
  preview: (Omit<ImportRow, 'identity' | 'sortTime'> & { line: number })[];
  ignoredColumns: string[];
  errors: RowProblem[];
}

/** At most this many refused lines are listed; the last entry says how many more there were. */
export const MAX_LISTED_ERRORS = 1000;
const PREVIEW_ROWS = 10;
/**
 * A write or lookup still running this close to the function's end is given up, so a slow
 * DynamoDB makes the report say "ran out of time" instead of the function timing out (a 5xx).
 */
const GIVE_UP_MS = 2_000;

/**
 * `work`'s result, or `undefined` when the function's time (`remainingMs`) nearly ran out first.
 * Work given up may still finish: a transaction is whole or absent, and a re-send finds out which.
 */
async function withinTime<T>(work: Promise<T>, remainingMs: number): Promise<T | undefined> {
  if (!Number.isFinite(remainingMs)) return work;
  // Its failure after being given up matters to no one (and must not go unhandled).
  work.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, remainingMs - GIVE_UP_MS), undefined);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Rows looked up with one BatchGet (its limit) when a file was imported before. */
const LOOKUP_WINDOW = 100;
/** Stop writing with this much of the function's time left, and say which rows are left. */
const TIME_MARGIN_MS = 4_000;

interface ParsedRow {
  line: number;
  row: ImportRow;
  id: string;
}

/** Reads and checks the whole file; a wrong header is a 400 naming the columns expected. */
function parseFile(source: ImportSource, text: string, tz: string) {
  const file = readCsv(text);
  if (file.header.every((h) => h === '')) throw new ValidationError('EMPTY_FILE', { param: 'file' });
  const format = SOURCES[source];
  if (missingColumns(source, file.header).length > 0) {
    throw new ValidationError('UNKNOWN_CSV_HEADER', {
      param: 'file',
      values: { source: format.title, columns: format.required.join(', ') },
    });
  }
  const errors = [...file.broken];
  const rows: ParsedRow[] = [];
  const seen = new Map<string, number>();
  const reader = cellReader(file.header);
  for (const record of file.records) {
    try {
      const row = format.read(reader(record.cells), tz);
      const identity = `${source}\n${row.identity}`;
      const occurrence = (seen.get(identity) ?? 0) + 1;
      seen.set(identity, occurrence);
      rows.push({ line: record.line, row, id: rowId(row.sortTime, `${identity}\n${occurrence}`) });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      errors.push({ line: record.line, ...errorItem(error.code, error.values) });
    }
  }
  return { rows, errors, ignoredColumns: ignoredColumns(source, file.header) };
}

function finish(errors: RowProblem[]) {
  errors.sort((a, b) => a.line - b.line);
  if (errors.length <= MAX_LISTED_ERRORS) return errors;
  const more = errors.length - (MAX_LISTED_ERRORS - 1);
  const listed = errors.slice(0, MAX_LISTED_ERRORS - 1);
  const next = errors[MAX_LISTED_ERRORS - 1]?.line ?? 0;
  return [...listed, { line: next, ...errorItem('ROW_MORE_ERRORS', { count: more }) }];
}

/** The first rows and the projects an import would create, without writing anything. */
export async function previewImport(
  user: UserRecord,
  source: ImportSource,
  text: string,
  tz: string,
): Promise<ImportPreview> {
  const { rows, errors, ignoredColumns: ignored } = parseFile(source, text, tz);
  const { missing } = await projectPlan(user._id, rows);
  return {
    rows: rows.length,
    projectsToCreate: [...missing.values()],
    ignoredColumns: ignored,
    preview: rows.slice(0, PREVIEW_ROWS).map(({ line, row }) => {
      const { identity: _identity, sortTime: _sortTime, ...shown } = row;
      return { line, ...shown };
    }),
    errors: finish(errors),
  };
}

/** An entry to write with the kind that writes it; the import's write path takes entries of both kinds. */
function newEntry<R extends ActivityBase>(k: ActivityKind<R>, record: R): NewActivity {
  return { k: k as unknown as ActivityKind<ActivityBase>, record };
}

function toEntry(
  userId: string,
  project: ImportProject,
  id: string,
  row: ImportRow,
  now: string,
): NewActivity {
  const base = {
    activityId: id,
    userId,
    projectId: project.projectId,
    task: row.task,
    subTask: row.subTask,
    date: dayKeyToIso(row.day),
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  if (row.kind === 'time') {
    return newEntry<TimeActivityRecord>(TIME_KIND, {
      ...base,
      startTime: row.startTime,
      endTime: row.endTime,
      duration: row.duration,
      billable: row.billable ?? project.billableByDefault,
      tags: row.tags,
    });
  }
  return newEntry<FinanceActivityRecord>(FINANCE_KIND, {
    ...base,
    amountCents: row.amountCents,
    expense: row.expense,
    notes: row.notes,
  });
}

/** Imports a file (see the module comment); `remainingTimeMs` bounds the work to the function's time. */
export async function importCsv(
  user: UserRecord,
  source: ImportSource,
  text: string,
  options: { tz: string; remainingTimeMs: () => number; now?: Date },
): Promise<ImportReport> {
  const now = (options.now ?? new Date()).toISOString();
  const { rows, errors, ignoredColumns: ignored } = parseFile(source, text, options.tz);
  const { projects, refused, projectsCreated, clientsCreated } = await createProjects(
    user,
    await projectPlan(user._id, rows),
    now,
  );
  const itemLimit = user.premium ? undefined : config.freeItemLimit;

  let entries: { line: number; entry: NewActivity }[] = [];
  for (const { line, row, id } of rows) {
    const project = projects.get(nameKey(row.project));
    if (!project || refused.has(nameKey(row.project))) {
      errors.push({ line, ...errorItem('FREE_PROJECT_LIMIT', { limit: config.freeProjectLimit }) });
      continue;
    }
    entries.push({ line, entry: toEntry(user._id, project, id, row, now) });
  }
  // Rows of one project, day and task share their totals' items, so more fit in a transaction.
  // A free account keeps the file's order: the first rows are the ones within the limit.
  if (!itemLimit) {
    const order = (e: NewActivity) =>
      `${e.k.sortPrefix}\u0000${e.record.projectId}\u0000${e.record.date}\u0000${e.record.task}\u0000${e.record.subTask}`;
    entries.sort((a, b) => (order(a.entry) < order(b.entry) ? -1 : order(a.entry) > order(b.entry) ? 1 : 0));
  }

  let imported = 0;
  let skipped = 0;
  let room =
    itemLimit === undefined
      ? Number.POSITIVE_INFINITY
      : itemLimit - (await getCounters(user._id)).activityCount;
  const lineOf = new Map(entries.map((e) => [e.entry, e.line]));
  const record = (entry: NewActivity, outcome: WriteOutcome) => {
    if (outcome === 'created') imported++;
    else if (outcome === 'existing') skipped++;
    else if (outcome === 'limit')
      errors.push({
        line: lineOf.get(entry) ?? 0,
        ...errorItem('FREE_ITEM_LIMIT', { limit: config.freeItemLimit }),
      });
    else errors.push({ line: lineOf.get(entry) ?? 0, ...errorItem('ROW_PROJECT_DELETED') });
  };
  let i = 0;
  // Set when a run found rows stored: the file was imported before, wholly or in part (a part sent
  // again after it ran out of time, a second import, an overlap). The next rows are then looked up
  // with BatchGet, a read, a window at a time between the time checks, instead of one cancelled
  // transaction per run of stored rows; the conditional Puts still decide.
  let lookingUp = false;
  while (i < entries.length) {
    const rest = () => entries.slice(i).map((e) => e.entry);
    if (options.remainingTimeMs() < TIME_MARGIN_MS) {
      for (const e of rest()) errors.push({ line: lineOf.get(e) ?? 0, ...errorItem('ROW_OUT_OF_TIME') });
      break;
    }
    if (room <= 0) {
      // Past the free limit: rows already stored are skips, the others are refused.
      const left = rest();
      const stored = await storedIds(left);
      for (const e of left) record(e, stored.has(e.record.activityId) ? 'existing' : 'limit');
      break;
    }
    if (lookingUp) {
      const window = entries.slice(i, i + LOOKUP_WINDOW);
      const stored = await withinTime(storedIds(window.map((e) => e.entry)), options.remainingTimeMs());
      if (!stored) {
        for (const e of rest()) errors.push({ line: lineOf.get(e) ?? 0, ...errorItem('ROW_OUT_OF_TIME') });
        break;
      }
      for (const e of window) if (stored.has(e.entry.record.activityId)) record(e.entry, 'existing');
      entries = [
        ...entries.slice(0, i),
        ...window.filter((e) => !stored.has(e.entry.record.activityId)),
        ...entries.slice(i + window.length),
      ];
      // Past the rows stored before: writing resumes (a run that finds stored rows looks up again).
      if (stored.size < window.length) lookingUp = false;
      continue;
    }
    const next = entries.slice(i, i + Math.min(room, MAX_TX_ITEMS - 1)).map((e) => e.entry);
    const [run = []] = packTransactions(next);
    const outcomes = await withinTime(writeRun(user._id, run, itemLimit), options.remainingTimeMs());
    if (!outcomes) {
      for (const e of rest()) errors.push({ line: lineOf.get(e) ?? 0, ...errorItem('ROW_OUT_OF_TIME') });
      break;
    }
    run.forEach((e, n) => {
      record(e, outcomes[n] ?? 'limit');
    });
    const created = outcomes.filter((o) => o === 'created').length;
    room = outcomes.includes('limit') ? 0 : room - created;
    i += run.length;
    if (outcomes.includes('existing')) lookingUp = true;
  }
  return {
    imported,
    skipped,
    projectsCreated,
    clientsCreated,
    ignoredColumns: ignored,
    errors: finish(errors),
  };
}
