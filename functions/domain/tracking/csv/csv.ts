import Papa from 'papaparse';
import { type ApiErrorItem, errorItem } from '../../../../contract/error-codes';

/**
 * CSV reading and writing (papaparse: quotes, doubled quotes, commas and newlines in fields, CRLF).
 *
 * Spreadsheet formula injection: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is run as a formula by Excel and LibreOffice. Exported text cells that start with one of
 * those — or with `'` itself — get one `'` put in front (OWASP's advice; spreadsheets then show
 * text). Because a leading `'` is always added, never only sometimes, reading a Timeledger export
 * back drops exactly one leading `'` and gets the original text: the round trip is exact.
 */
const FORMULA_START = /^[=+\-@\t\r']/;

/** The UTF-8 byte order mark: Excel needs it to read a CSV file as UTF-8. */
export const BOM = '\uFEFF';

/** CSV lines (CRLF, RFC 4180) of the given rows, text cells guarded against formulas. */
export function writeCsvRows(rows: readonly (readonly string[])[], delimiter: ',' | ';' = ','): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(rows as string[][], { newline: '\r\n', delimiter, escapeFormulae: FORMULA_START })}\r\n`;
}

/**
 * The delimiter of a file by its header line: `;` when the header has semicolons and no comma
 * (what Excel writes and reads where the decimal mark is a comma), else `,`. Every source's header
 * has several columns, so one of the two is always there.
 */
export function delimiterOf(text: string): ',' | ';' {
  const end = text.search(/\r|\n/);
  const header = end < 0 ? text : text.slice(0, end);
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

/** A text cell of a Timeledger export as it was before {@link writeCsvRows} guarded it. */
export const unguardCell = (cell: string) => (cell.startsWith("'") ? cell.slice(1) : cell);

/** One record of a CSV file; `line` counts records as a spreadsheet numbers rows (the header is 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A line of an import that was not stored, and why. */
export type RowProblem = { line: number } & ApiErrorItem;

export interface CsvFile {
  header: string[];
  records: CsvRecord[];
  /** Records papaparse could not read (a quote left open). */
  broken: RowProblem[];
}

/** Reads CSV text (BOM or not, CRLF or LF). Blank records are left out; line numbers stay true. */
export function readCsv(text: string): CsvFile {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(input, {
    header: false,
    skipEmptyLines: false,
    delimiter: delimiterOf(input),
  });
  const broken = new Set<number>();
  for (const error of parsed.errors) {
    if (error.type === 'Quotes' && error.row !== undefined) broken.add(error.row + 1);
  }
  const [header = [], ...rest] = parsed.data;
  const records: CsvRecord[] = [];
  rest.forEach((cells, i) => {
    const line = i + 2;
    if (broken.has(line)) return;
    if (cells.every((c) => c.trim() === '')) return;
    records.push({ line, cells });
  });
  return {
    header: header.map((h) => h.trim()),
    records,
    broken: [...broken].map((line) => ({ line, ...errorItem('ROW_UNCLOSED_QUOTE') })),
  };
}
