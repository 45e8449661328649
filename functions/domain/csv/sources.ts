import {
  type ApiErrorCode,
  type ApiField,
  apiMessage,
  type MessageValues,
} from '../../../contract/error-codes';
import { characterCount, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '../../../contract/fields';
import { amountToCents, MAX_AMOUNT } from '../../../contract/money';
import { MAX_TAG_LENGTH, MAX_TAGS, normaliseTags, splitTags } from '../../../contract/tags';
import { MAX_DAY, MIN_DAY } from '../dates';
import { unguardCell } from './csv';
import { instantOfWallClock } from './zones';

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
export const IMPORT_SOURCES = [
  'toggl',
  'clockify',
  'harvest',
  'timeledger-time',
  'timeledger-finance',
] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const isImportSource = (value: string): value is ImportSource =>
  (IMPORT_SOURCES as readonly string[]).includes(value);

export const MAX_TEXT = MAX_NAME_LENGTH;
export const MAX_NOTES = MAX_TEXT_LENGTH;
/** One entry may cover at most a year (as in the API). */
const MAX_DURATION_MS = 366 * 24 * 3_600_000;

export interface TimeRow {
  kind: 'time';
  project: string;
  day: string;
  startTime: string | null;
  endTime: string | null;
  duration: number;
  task: string;
  subTask: string;
  /** The client the file names for the project (`''`: none). */
  client: string;
  /** Undefined when the file does not say: the project's `billableByDefault`. */
  billable?: boolean;
  tags: string[];
  /** The row's content in canonical form, time-zone free: its identity (with the source). */
  identity: string;
  /** Milliseconds for the time part of the entry's id: its start, or its day. */
  sortTime: number;
}

export interface FinanceRow {
  kind: 'finance';
  project: string;
  day: string;
  amountCents: number;
  expense: boolean;
  task: string;
  subTask: string;
  notes: string;
  identity: string;
  sortTime: number;
}

export type ImportRow = TimeRow | FinanceRow;

/** A row that cannot be imported; the message (and its code) is shown next to its line. */
export class RowError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly values?: MessageValues,
  ) {
    super(apiMessage(code, values));
  }
}

const MAX_DURATION_HOURS = MAX_DURATION_MS / 3_600_000;

interface SourceFormat {
  /** What the person calls the file (in the 400 for a wrong header). */
  title: string;
  /** Columns that must be present. */
  required: string[];
  /** Columns read when present. */
  optional?: string[];
  read(cell: (column: string) => string, tz: string): ImportRow;
}

const DAY_MS = 86_400_000;

function dayMs(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day || day < MIN_DAY || day > MAX_DAY) {
    throw new RowError('ROW_INVALID_DAY', { value: day });
  }
  return ms;
}

const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD`. */
function isoDay(text: string, label: string): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  if (!m) throw new RowError('ROW_ISO_DATE', { column: label, value: text });
  const day = `${m[1]}-${pad(m[2] ?? '')}-${pad(m[3] ?? '')}`;
  dayMs(day);
  return day;
}

/** Clockify's `MM/DD/YYYY`. */
function usDay(text: string, label: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) throw new RowError('ROW_US_DATE', { column: label, value: text });
  const day = `${m[3]}-${pad(m[1] ?? '')}-${pad(m[2] ?? '')}`;
  dayMs(day);
  return day;
}

/** Milliseconds after midnight of `HH:MM[:SS]` or `h:mm[:ss] AM/PM`. */
function timeOfDay(text: string, label: string): number {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(text.trim());
  const bad = () => new RowError('ROW_TIME', { column: label, value: text });
  if (!m) throw bad();
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  const seconds = Number(m[3] ?? 0);
  const half = m[4]?.toUpperCase();
  if (half) {
    if (hours < 1 || hours > 12) throw bad();
    hours = (hours % 12) + (half === 'PM' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) throw bad();
  return ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

/** Milliseconds of a `H…H:MM[:SS]` duration. */
function hms(text: string, label: string): number {
  const m = /^(\d{1,6}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) {
    throw new RowError('ROW_DURATION', { column: label, value: text });
  }
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3] ?? 0)) * 1000;
}

/**
 * Milliseconds of decimal hours, exactly (no floating point): `1.5`, `0,01` (decimal comma),
 * `1,234.5` or `1.234,5`. With both marks the last one is the decimal mark; one mark used once is
 * the decimal mark (a single entry never runs to thousands of hours); one used twice or more
 * separates thousands.
 */
export function decimalHours(value: string, label = 'Hours'): number {
  const t = value.trim();
  const bad = () => new RowError('ROW_HOURS', { column: label, value });
  if (!/^(\d[\d.,]*|[.,]\d+)$/.test(t)) throw bad();
  const dots = t.split('.').length - 1;
  const commas = t.split(',').length - 1;
  let mark = -1;
  if (dots > 0 && commas > 0) mark = Math.max(t.lastIndexOf('.'), t.lastIndexOf(','));
  else if (dots === 1) mark = t.indexOf('.');
  else if (commas === 1) mark = t.indexOf(',');
  const whole = (mark < 0 ? t : t.slice(0, mark)).replace(/[.,]/g, '');
  const fraction = mark < 0 ? '' : t.slice(mark + 1);
  if (!/^\d*$/.test(fraction) || fraction.length > 9) throw bad();
  const scale = 10n ** BigInt(fraction.length);
  const fractionMs = fraction ? (BigInt(fraction) * 3_600_000n + scale / 2n) / scale : 0n;
  const ms = BigInt(whole || '0') * 3_600_000n + fractionMs;
  if (ms > BigInt(MAX_DURATION_MS)) {
    throw new RowError('ROW_HOURS_TOO_LONG', { column: label, max: MAX_DURATION_HOURS });
  }
  return Number(ms);
}

function text(value: string, field: ApiField, max = MAX_TEXT): string {
  const t = value.trim();
  if (characterCount(t) > max) throw new RowError('TEXT_TOO_LONG', { field, max });
  return t;
}

function projectName(value: string): string {
  const name = text(value, 'project');
  if (!name) throw new RowError('FIELD_REQUIRED', { field: 'project' });
  return name;
}

/** Task and sub-task from a source's Task and Description columns. */
function taskPair(task: string, description: string): { task: string; subTask: string } {
  const t = text(task, 'task');
  const d = text(description, t ? 'subTask' : 'task');
  return t ? { task: t, subTask: d } : { task: d, subTask: '' };
}

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/**
 * A time row from its day, optional wall-clock start and end (day + time of day), and duration.
 * Start and end give the duration; without both, the duration column does.
 */
function timeRow(
  fields: {
    project: string;
    day: string;
    start?: { day: string; ms: number };
    end?: { day: string; ms: number };
    duration?: number;
    task: string;
    subTask: string;
    billing?: Billing;
  },
  tz: string,
): TimeRow {
  const wall = (p: { day: string; ms: number }) => dayMs(p.day) + p.ms;
  const startMs = fields.start ? instantOfWallClock(wall(fields.start), tz) : null;
  const endMs = fields.end ? instantOfWallClock(wall(fields.end), tz) : null;
  let duration = fields.duration ?? 0;
  if (startMs !== null && endMs !== null) {
    if (endMs < startMs) throw new RowError('START_AFTER_END');
    duration = endMs - startMs;
  }
  if (duration > MAX_DURATION_MS)
    throw new RowError('DURATION_TOO_LONG', { field: 'duration', max: MAX_DURATION_HOURS });
  dayMs(fields.day);
  const identity = JSON.stringify([
    fields.project,
    fields.day,
    fields.start ? `${fields.start.day} ${clock(fields.start.ms)}` : '',
    fields.end ? `${fields.end.day} ${clock(fields.end.ms)}` : '',
    duration,
    fields.task,
    fields.subTask,
  ]);
  return {
    kind: 'time',
    project: fields.project,
    day: fields.day,
    startTime: startMs === null ? null : new Date(startMs).toISOString(),
    endTime: endMs === null ? null : new Date(endMs).toISOString(),
    duration,
    task: fields.task,
    subTask: fields.subTask,
    client: fields.billing?.client ?? '',
    ...(fields.billing?.billable !== undefined ? { billable: fields.billing.billable } : {}),
    tags: fields.billing?.tags ?? [],
    identity,
    sortTime: fields.start ? wall(fields.start) : dayMs(fields.day),
  };
}

/** What a time row bills: its client, billable flag and tags, where the file has them. */
interface Billing {
  client: string;
  billable?: boolean;
  tags: string[];
}

const TAG_PROBLEM_VALUES = {
  TAG_EMPTY: {},
  TAG_TOO_LONG: { max: MAX_TAG_LENGTH },
  TOO_MANY_TAGS: { max: MAX_TAGS },
};

/**
 * The Client, Billable (`Yes`/`No`, any case; Harvest calls it `Billable?`) and Tags (comma
 * separated) cells of a time row; empty cells say nothing (no client, the project's default, no tags).
 */
function billing(cell: (column: string) => string): Billing {
  const client = text(cell('Client'), 'client');
  const flag = (cell('Billable') || cell('Billable?')).trim();
  let billable: boolean | undefined;
  if (/^(yes|true)$/i.test(flag)) billable = true;
  else if (/^(no|false)$/i.test(flag)) billable = false;
  else if (flag !== '') throw new RowError('ROW_BILLABLE', { value: flag });
  const tags = normaliseTags(splitTags(cell('Tags')));
  if ('problem' in tags) throw new RowError(tags.problem, TAG_PROBLEM_VALUES[tags.problem]);
  return { client, ...(billable !== undefined ? { billable } : {}), tags: tags.tags };
}

/** The columns every time source reads when present. */
const BILLING_COLUMNS = ['Client', 'Billable', 'Tags'];

const optionalTime = (value: string, label: string) => (value.trim() ? timeOfDay(value, label) : undefined);

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
    read(raw) {
      const cell = (c: string) => unguardCell(raw(c));
      const day = isoDay(cell('Date'), 'Date');
      const type = cell('Type').trim().toLowerCase();
      if (type !== 'income' && type !== 'expense') throw new RowError('ROW_TYPE');
      const amountText = cell('Amount').trim();
      const cents = /^\d+(\.\d{1,2})?$/.test(amountText) ? amountToCents(Number(amountText)) : undefined;
      if (cents === undefined) {
        throw new RowError('ROW_AMOUNT', { max: MAX_AMOUNT });
      }
      const project = projectName(cell('Project'));
      const task = text(cell('Task'), 'task');
      const subTask = text(cell('Sub-task'), 'subTask');
      const notes = text(cell('Notes'), 'notes', MAX_NOTES);
      return {
        kind: 'finance',
        project,
        day,
        amountCents: cents,
        expense: type === 'expense',
        task,
        subTask,
        notes,
        identity: JSON.stringify([project, day, type, cents, task, subTask, notes]),
        sortTime: dayMs(day),
      };
    },
  },
};

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
