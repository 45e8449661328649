import type { Report } from '@contract/responses';
import { decimalMarks } from '@/lib/decimal';

/** Milliseconds in hundredths of an hour, rounded half up. */
const hundredths = (ms: number) => Math.floor((ms * 200 + 3_600_000) / 7_200_000);

type Figures = Report['total'];
type HourColumn = 'timeMs' | 'billableMs' | 'roundedBillableMs';
const HOUR_COLUMNS: HourColumn[] = ['timeMs', 'billableMs', 'roundedBillableMs'];

/**
 * Each row's hours in hundredths. Where the rows share out the total (every grouping but tags,
 * where an entry counts under each of its tags), a row gets the rounded running total after it
 * less the one before it, so the column adds up to the total row as the screen shows it; else
 * each is rounded alone.
 */
function rowHundredths(rows: Figures[], total: Figures, column: HourColumn): number[] {
  const shared = rows.reduce((sum, r) => sum + r[column], 0) === total[column];
  let before = 0;
  return rows.map((r) => {
    if (!shared) return hundredths(r[column]);
    const cell = hundredths(before + r[column]) - hundredths(before);
    before += r[column];
    return cell;
  });
}

/** A cell quoted when it holds the delimiter, a quote or a line break; a leading =+-@ is defused. */
function cell(value: string, delimiter: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(delimiter) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The report as shown, as a CSV file: one line per row and the total, hours as decimals and the
 * amount with 2 decimals, in the user's number format as Excel reads it: a dot and commas where
 * the format writes `1,234.56`; a decimal comma and semicolons where it writes `1.234,56`.
 * `labels` are the column headings and the row name of the total, in the person's language.
 */
export function reportCsv(
  report: Report,
  labels: { group: string; hours: string; billable: string; rounded: string; amount: string; total: string },
  labelOf: (row: Report['rows'][number]) => string,
  locale = 'en-US',
): string {
  const comma = decimalMarks(locale).decimal === ',';
  const delimiter = comma ? ';' : ',';
  const decimal = (hundredthsValue: number) => {
    const text = (hundredthsValue / 100).toFixed(2);
    return comma ? text.replace('.', ',') : text;
  };
  const hours = HOUR_COLUMNS.map((c) => rowHundredths(report.rows, report.total, c));
  const lines = [[labels.group, labels.hours, labels.billable, labels.rounded, labels.amount]];
  report.rows.forEach((row, i) => {
    lines.push([
      labelOf(row),
      ...hours.map((column) => decimal(column[i] ?? 0)),
      decimal(Math.round(row.billableAmount * 100)),
    ]);
  });
  lines.push([
    labels.total,
    ...HOUR_COLUMNS.map((c) => decimal(hundredths(report.total[c]))),
    decimal(Math.round(report.total.billableAmount * 100)),
  ]);
  return `\uFEFF${lines.map((l) => l.map((v) => cell(v, delimiter)).join(delimiter)).join('\r\n')}\r\n`;
}
