import type { Report } from '@contract/responses';
import { describe, expect, it } from 'vitest';
import { reportCsv } from './report-csv';

const LABELS = {
  group: 'Task',
  hours: 'Hours',
  billable: 'Billable',
  rounded: 'Rounded',
  amount: 'Amount',
  total: 'Total',
};
const FORTY_MINUTES = 40 * 60_000;

function figures(ms: number, amount: number) {
  return { timeMs: ms, billableMs: ms, roundedBillableMs: ms, billableAmount: amount };
}

/** Sixty rows of 40 minutes at €53.33 each: 40:00 and €3,199.80 in all. */
function report(): Report {
  const rows = Array.from({ length: 60 }, (_, i) => ({
    key: `t${i}`,
    label: `Task ${i}`,
    ...figures(FORTY_MINUTES, 53.33),
  }));
  return { rows, total: figures(60 * FORTY_MINUTES, 3199.8) } as unknown as Report;
}

const lines = (csv: string) => csv.replace('\uFEFF', '').trimEnd().split('\r\n');

describe('report CSV', () => {
  it('has rows whose hours add up to the total row (40.00, not 0.67 × 60 = 40.20)', () => {
    const rows = lines(reportCsv(report(), LABELS, (r) => String(r.key))).slice(1, -1);
    const sum = rows.reduce((s, line) => s + Math.round(Number(line.split(',')[1]) * 100), 0);
    expect(sum).toBe(4000);
    expect(lines(reportCsv(report(), LABELS, (r) => String(r.key))).at(-1)).toBe(
      'Total,40.00,40.00,40.00,3199.80',
    );
  });

  it('writes semicolons and decimal commas for a German number format', () => {
    const csv = lines(
      reportCsv(report(), { ...LABELS, group: 'Aufgabe; Teil' }, (r) => String(r.key), 'de-DE'),
    );
    expect(csv[0]).toBe('"Aufgabe; Teil";Hours;Billable;Rounded;Amount');
    expect(csv[1]).toMatch(/^t0;0,6[67];0,6[67];0,6[67];53,33$/);
    expect(csv.at(-1)).toBe('Total;40,00;40,00;40,00;3199,80');
  });

  it('rounds each row alone where rows overlap (grouped by tag, an entry counts under each tag)', () => {
    const overlapping = {
      rows: [
        { key: 'a', ...figures(FORTY_MINUTES, 0) },
        { key: 'b', ...figures(FORTY_MINUTES, 0) },
      ],
      total: figures(FORTY_MINUTES, 0),
    } as unknown as Report;
    expect(lines(reportCsv(overlapping, LABELS, (r) => String(r.key))).slice(1)).toEqual([
      'a,0.67,0.67,0.67,0.00',
      'b,0.67,0.67,0.67,0.00',
      'Total,0.67,0.67,0.67,0.00',
    ]);
  });
});
