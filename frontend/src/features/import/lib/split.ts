import Papa from 'papaparse';

/**
 * Big files go to the API in parts: each part is the header plus whole rows (a row with a
 * newline inside quotes is never cut), at most {@link PART_BYTES} and {@link PART_ROWS} rows.
 * 4 MB, not the API's 5 MB: Lambda receives the body escaped inside JSON, which makes it larger,
 * and its request limit is 6 MB. 1,000 rows keep most parts' writes inside the function's time
 * (a part that runs out of time is sent again, see `resend.ts`).
 */
export const PART_BYTES = 4 * 1024 * 1024;
export const PART_ROWS = 1_000;

export interface FilePart {
  text: string;
  /** Rows of the file before this part's first row: the API's line n is line n + offset of the file. */
  lineOffset: number;
  rows: number;
}

const utf8 = new TextEncoder();
const bytes = (text: string) => utf8.encode(text).length;

/** The file as parts (one part, the text as it is, when it is small enough). */
export function splitCsv(text: string, maxBytes = PART_BYTES, maxRows = PART_ROWS): FilePart[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: false });
  const [header = [], ...rows] = parsed.data;
  // A last empty line is the file's final newline, not a row.
  if (rows.length > 0 && rows[rows.length - 1]?.every((c) => c === '')) rows.pop();
  if (bytes(body) <= maxBytes && rows.length <= maxRows)
    return [{ text: body, lineOffset: 0, rows: rows.length }];
  const head = Papa.unparse([header], { newline: '\r\n' });
  const parts: FilePart[] = [];
  let current: string[][] = [];
  let size = bytes(head);
  let offset = 0;
  const flush = () => {
    if (current.length === 0) return;
    parts.push({
      text: `${head}\r\n${Papa.unparse(current, { newline: '\r\n' })}\r\n`,
      lineOffset: offset,
      rows: current.length,
    });
    offset += current.length;
    current = [];
    size = bytes(head);
  };
  for (const row of rows) {
    const rowBytes = bytes(Papa.unparse([row])) + 2;
    if (current.length > 0 && (size + rowBytes > maxBytes || current.length >= maxRows)) flush();
    current.push(row);
    size += rowBytes;
  }
  flush();
  return parts;
}
