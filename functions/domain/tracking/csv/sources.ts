import { EXPENSE_CATEGORIES, type ExpenseCategory, isOneOf } from '../../../../contract/enums';
import { amountToCents, MAX_AMOUNT } from '../../../../contract/money';
import { unguardCell } from './csv';
import {
  BILLING_COLUMNS,
  billing,
  DAY_MS,
  dayMs,
  decimalHours,
  hms,
  isoDay,
  optionalTime,
  projectName,
  taskPair,
  text,
  timeRow,
  usDay,
} from './source-cells';
import { type ImportSource, MAX_NOTES, RowError, type SourceFormat } from './source-rows';

export * from './source-rows';

/**
 * The CSV files `POST /api/import/{source}` reads, each in its tool's own formats:
 *
 * - `toggl` — Toggl Track "Detailed report" CSV: `Start date`/`End date` `YYYY-MM-DD`,
 *   `Start time`/`End time` `HH:MM:SS`, `Duration` `HH:MM:SS`; `Task` only on paid plans.
 * - `clockify` — Clockify "Detailed report" CSV: `Start Date` `MM/DD/YYYY`, `Start Time`
 *   `h:mm:ss AM/PM` (or 24-hour, by the person's settings), `Duration (h)` `HH:MM:SS`.
 * - `harvest` — Harvest "Detailed time report" CSV: `Date` `YYYY-MM-DD`, `Hours` decimal hours
 *   (`1.5`, or `0,01` with a decimal comma in some locales); no start or end; other columns
 *   (`Currency` such as `Euro - EUR`, rates, names) are not Timeledger's and are ignored.
 * - `timeledger-time`, `timeledger-finance` — Timeledger's own CSV exports.
 *
 * Task ← the Task column, or the Description (Harvest: Notes) when there is no Task; Sub-task ←
 * the Description when there is a Task. Wall-clock times are read in the person's time zone.
 */
export const SOURCES: Record<ImportSource, SourceFormat> = {
  toggl: {
    title: 'Toggl Track Detailed report CSV',
    required: ['Project', 'Description', 'Start date', 'Start time', 'End date', 'End time', 'Duration'],
    optional: ['Task', ...BILLING_COLUMNS],
    read(cell, tz) {
      const day = isoDay(cell('Start date'), 'Start date');
      const endDay = cell('End date').trim() ? isoDay(cell('End date'), 'End date') : day;
      const start = optionalTime(cell('Start time'), 'Start time');
      const end = optionalTime(cell('End time'), 'End time');
      return timeRow(
        {
          project: projectName(cell('Project')),
          day,
          ...(start !== undefined ? { start: { day, ms: start } } : {}),
          ...(end !== undefined ? { end: { day: endDay, ms: end } } : {}),
          duration: hms(cell('Duration'), 'Duration'),
          ...taskPair(cell('Task'), cell('Description')),
          billing: billing(cell),
        },
        tz,
      );
    },
  },
  clockify: {
    title: 'Clockify Detailed report CSV',
    required: [
      'Project',
      'Description',
      'Task',
      'Start Date',
      'Start Time',
      'End Date',
      'End Time',
      'Duration (h)',
    ],
    optional: BILLING_COLUMNS,
    read(cell, tz) {
      const day = usDay(cell('Start Date'), 'Start Date');
      const endDay = cell('End Date').trim() ? usDay(cell('End Date'), 'End Date') : day;
      const start = optionalTime(cell('Start Time'), 'Start Time');
      const end = optionalTime(cell('End Time'), 'End Time');
      return timeRow(
        {
          project: projectName(cell('Project')),
          day,
          ...(start !== undefined ? { start: { day, ms: start } } : {}),
          ...(end !== undefined ? { end: { day: endDay, ms: end } } : {}),
          duration: hms(cell('Duration (h)'), 'Duration (h)'),
          ...taskPair(cell('Task'), cell('Description')),
          billing: billing(cell),
        },
        tz,
      );
    },
  },
  harvest: {
    title: 'Harvest Detailed time report CSV',
    required: ['Date', 'Project', 'Task', 'Notes', 'Hours'],
    optional: [...BILLING_COLUMNS, 'Billable?'],
    read(cell, tz) {
      return timeRow(
        {
          project: projectName(cell('Project')),
          day: isoDay(cell('Date'), 'Date'),
          duration: decimalHours(cell('Hours')),
          ...taskPair(cell('Task'), cell('Notes')),
          billing: billing(cell),
        },
        tz,
      );
    },
  },
  'timeledger-time': {
    title: 'Timeledger time CSV export',
    required: ['Project', 'Date', 'Start', 'End', 'Duration', 'Task', 'Sub-task', 'Notes'],
    // The four columns of release 3 (files exported before have the eight only); Hours is derived
    // from Duration, which is exact.
    optional: [...BILLING_COLUMNS, 'Hours'],
    read(raw, tz) {
      const cell = (c: string) => unguardCell(raw(c));
      const day = isoDay(cell('Date'), 'Date');
      const start = optionalTime(cell('Start'), 'Start');
      const end = optionalTime(cell('End'), 'End');
      const duration = hms(cell('Duration'), 'Duration');
      const row = timeRow(
        {
          project: projectName(cell('Project')),
          day,
          ...(start !== undefined ? { start: { day, ms: start } } : {}),
          // The end is shown to the minute; the exact duration column decides where it lies.
          ...(end !== undefined && start === undefined ? { end: { day, ms: end } } : {}),
          duration,
          task: text(cell('Task'), 'task'),
          subTask: text(cell('Sub-task'), 'subTask'),
          billing: billing(cell),
        },
        tz,
      );
      if (start !== undefined && end !== undefined && row.startTime) {
        row.endTime = new Date(Date.parse(row.startTime) + duration).toISOString();
      }
      return row;
    },
  },
  'timeledger-finance': {
    title: 'Timeledger income and expenses CSV export',
    required: ['Project', 'Date', 'Type', 'Amount', 'Task', 'Sub-task', 'Notes'],
    // Release 4's two columns (files exported before have the seven only).
    optional: ['Category', 'VAT'],
    read(raw) {
      const cell = (c: string) => unguardCell(raw(c));
      const day = isoDay(cell('Date'), 'Date');
      const type = cell('Type').trim().toLowerCase();
      if (type !== 'income' && type !== 'expense') throw new RowError('ROW_TYPE');
      const cents = fileCents(cell('Amount'));
      if (cents === undefined) {
        throw new RowError('ROW_AMOUNT', { max: MAX_AMOUNT });
      }
      const vatCents = cell('VAT').trim() === '' ? 0 : fileCents(cell('VAT'));
      if (vatCents === undefined) throw new RowError('ROW_VAT', { max: MAX_AMOUNT });
      const expense = type === 'expense';
      const category = expense ? fileCategory(cell('Category')) : undefined;
      const project = projectName(cell('Project'));
      const task = text(cell('Task'), 'task');
      const subTask = text(cell('Sub-task'), 'subTask');
      const notes = text(cell('Notes'), 'notes', MAX_NOTES);
      // The defaults (no VAT, category other) keep the identity of a row exported before release 4,
      // so importing an old and a new export of the same entry stores it once.
      const extra = vatCents !== 0 || (category ?? 'other') !== 'other' ? [category ?? '', vatCents] : [];
      return {
        kind: 'finance',
        project,
        day,
        amountCents: cents,
        expense,
        task,
        subTask,
        notes,
        vatCents,
        ...(category ? { category } : {}),
        identity: JSON.stringify([project, day, type, cents, task, subTask, notes, ...extra]),
        sortTime: dayMs(day),
      };
    },
  },
};

/** Cents of an amount as the file writes it (a dot, at most 2 decimals), or undefined. */
function fileCents(text: string): number | undefined {
  const trimmed = text.trim();
  // A dot or, from a file saved for Excel in a decimal-comma format, a comma (no grouping marks).
  return /^\d+([.,]\d{1,2})?$/.test(trimmed) ? amountToCents(Number(trimmed.replace(',', '.'))) : undefined;
}

/** An expense's category as the file names it, any case; empty is `other`. */
function fileCategory(text: string): ExpenseCategory {
  const value = text.trim().toLowerCase();
  if (value === '') return 'other';
  if (isOneOf(EXPENSE_CATEGORIES, value)) return value;
  throw new RowError('ROW_CATEGORY', { options: EXPENSE_CATEGORIES.join(', '), value: text.trim() });
}

/** The columns of a header a source needs but lacks (case and spacing of names do not matter). */
export function missingColumns(source: ImportSource, header: string[]): string[] {
  const have = new Set(header.map((h) => h.trim().toLowerCase()));
  return SOURCES[source].required.filter((c) => !have.has(c.toLowerCase()));
}

/**
 * The columns of a header the source does not read: what the file holds that the product cannot
 * keep, named in the import report so nothing is dropped silently. Time entries have no notes, so
 * a Timeledger time file's Notes column is named when any row fills it.
 */
export function ignoredColumns(source: ImportSource, header: string[]): string[] {
  const format = SOURCES[source];
  const read = new Set([...format.required, ...(format.optional ?? [])].map((c) => c.toLowerCase()));
  return header.map((h) => h.trim()).filter((h) => h !== '' && !read.has(h.toLowerCase()));
}

/** A reader of cells by column name for one header. */
export function cellReader(header: string[]): (cells: string[]) => (column: string) => string {
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const name = h.trim().toLowerCase();
    if (!index.has(name)) index.set(name, i);
  });
  return (cells) => (column) => {
    const i = index.get(column.toLowerCase());
    return i === undefined ? '' : (cells[i] ?? '');
  };
}

export { DAY_MS };
