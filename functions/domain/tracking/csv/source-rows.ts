import type { ExpenseCategory } from '../../../../contract/enums';
import { type ApiErrorCode, apiMessage, type MessageValues } from '../../../../contract/error-codes';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '../../../../contract/fields';

/** The rows an import reads from any source, their limits and errors (`sources.ts` reads them). */
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
export const MAX_DURATION_MS = 366 * 24 * 3_600_000;

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
  /** VAT on top of the amount (0 when the file has no VAT column). */
  vatCents: number;
  /** An expense's category (`other` when the file does not say); none for income. */
  category?: ExpenseCategory;
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

/** How one source's file is read: its columns and a reader of one row. */
export interface SourceFormat {
  /** What the person calls the file (in the 400 for a wrong header). */
  title: string;
  /** Columns that must be present. */
  required: string[];
  /** Columns read when present. */
  optional?: string[];
  read(cell: (column: string) => string, tz: string): ImportRow;
}
