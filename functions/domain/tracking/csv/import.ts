import { errorItem } from '../../../../contract/error-codes';
import { getCounters } from '../../../data/core/counters';
import type { UserRecord } from '../../../data/identity/users';
import { config } from '../../../lib/config';
import { ValidationError } from '../../../lib/errors';
import { type RowProblem, readCsv } from './csv';
import { type ParsedRow, plannedEntries } from './import-entries';
import { rowId } from './import-ids';
import { createProjects, projectPlan } from './import-plan';
import { foldCounts, type Tally, withoutStored, writeEntries } from './import-run';
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

/** Imports a file (see the module comment); `remainingTimeMs` bounds the work to the function's time. */
export async function importCsv(
  user: UserRecord,
  source: ImportSource,
  text: string,
  options: { tz: string; remainingTimeMs: () => number; now?: Date },
): Promise<ImportReport> {
  const now = (options.now ?? new Date()).toISOString();
  const { rows, errors, ignoredColumns: ignored } = parseFile(source, text, options.tz);
  const { projectsCreated, clientsCreated, ...plan } = await createProjects(
    user,
    await projectPlan(user._id, rows),
    now,
  );
  // Counts an earlier import left on its projects (it stopped before its end) are moved first.
  await foldCounts(user._id, options.remainingTimeMs);
  const itemLimit = user.premium ? undefined : config.freeItemLimit;
  const entries = plannedEntries(user._id, rows, plan, { now, keepFileOrder: Boolean(itemLimit) }, errors);
  const room =
    itemLimit === undefined
      ? Number.POSITIVE_INFINITY
      : itemLimit - (await getCounters(user._id)).activityCount;
  const { fresh, stored } = await withoutStored(user._id, entries);
  const tally: Tally = { imported: 0, skipped: stored, errors };
  try {
    await writeEntries(user._id, fresh, { itemLimit, room }, options.remainingTimeMs, tally);
  } finally {
    await foldCounts(user._id, options.remainingTimeMs);
  }
  return {
    imported: tally.imported,
    skipped: tally.skipped,
    projectsCreated,
    clientsCreated,
    ignoredColumns: ignored,
    errors: finish(errors),
  };
}
