import type { Report } from '@contract/responses';

/** Hours with 2 decimals (the time CSV's Hours column), rounded half up. */
const hours = (ms: number) => (Math.floor((ms * 200 + 3_600_000) / 7_200_000) / 100).toFixed(2);

/** A cell quoted when it holds a separator, a quote or a line break; a leading =+-@ is defused. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The report as shown, as a CSV file: one line per row and the total, hours as decimals and the
 * amount with a dot and 2 decimals (what spreadsheets read in any locale). `labels` are the
 * column headings and the row name of the total, in the person's language.
 */
export function reportCsv(
  report: Report,
  labels: { group: string; hours: string; billable: string; rounded: string; amount: string; total: string },
  labelOf: (row: Report['rows'][number]) => string,
): string {
  const lines = [[labels.group, labels.hours, labels.billable, labels.rounded, labels.amount]];
  const figures = (r: Report['total']) => [
    hours(r.timeMs),
    hours(r.billableMs),
    hours(r.roundedBillableMs),
    r.billableAmount.toFixed(2),
  ];
  for (const row of report.rows) lines.push([labelOf(row), ...figures(row)]);
  lines.push([labels.total, ...figures(report.total)]);
  return `\uFEFF${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}
