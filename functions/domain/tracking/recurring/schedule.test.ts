import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECURRENCE_INTERVALS } from '../../../../contract/enums';
import { dueDatesBetween, dueOnOrAfter, nextDay, nthDueDate, type Schedule } from './schedule';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const day = fc
  .integer({ min: Date.UTC(2020, 0, 1) / DAY_MS, max: Date.UTC(2032, 11, 31) / DAY_MS })
  .map((d) => dayOf(d * DAY_MS));
const schedule = fc
  .record({
    interval: fc.constantFrom(...RECURRENCE_INTERVALS),
    startDate: day,
    end: fc.option(day, { nil: null }),
  })
  .map(
    ({ interval, startDate, end }): Schedule => ({
      interval,
      startDate,
      endDate: end === null ? null : end < startDate ? startDate : end,
    }),
  );

/** The due dates by brute force: the first 200 of the schedule, kept within [from, to] and the end. */
function bruteForce(s: Schedule, from: string, to: string): string[] {
  return Array.from({ length: 200 }, (_, n) => nthDueDate(s, n)).filter(
    (d) => d >= from && d <= to && (s.endDate === null || d <= s.endDate),
  );
}

describe('recurring expense schedule', () => {
  it('falls on the start date’s day, or the month’s last day where the month is shorter', () => {
    const s: Schedule = { interval: 'monthly', startDate: '2027-12-31', endDate: null };
    expect([0, 1, 2, 3, 4, 14].map((n) => nthDueDate(s, n))).toEqual([
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2029-02-28',
    ]);
    expect(
      dueDatesBetween(
        { interval: 'yearly', startDate: '2024-02-29', endDate: null },
        '2024-01-01',
        '2028-12-31',
      ),
    ).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    expect(
      dueDatesBetween(
        { interval: 'quarterly', startDate: '2026-11-30', endDate: '2027-08-30' },
        '2026-01-01',
        '2030-01-01',
      ),
    ).toEqual(['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30']);
  });

  it('lists exactly the due dates of any range, in order, within the end date', () => {
    fc.assert(
      fc.property(schedule, day, day, (s, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const dates = dueDatesBetween(s, from, to);
        expect(dates).toEqual(bruteForce(s, from, to));
        const startDay = Number(s.startDate.slice(8));
        for (const d of dates) {
          const [y, m] = d.split('-').map(Number) as [number, number];
          expect(Number(d.slice(8))).toBe(Math.min(startDay, new Date(Date.UTC(y, m, 0)).getUTCDate()));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('names as the next due date the first of the dates still to come, or none after the end', () => {
    fc.assert(
      fc.property(schedule, day, (s, from) => {
        const next = dueOnOrAfter(s, from);
        const coming = bruteForce(s, from, '9999-12-31');
        expect(next).toBe(coming[0] ?? null);
        if (next) expect(dueDatesBetween(s, from, next)).toEqual([next]);
        expect(nextDay(from) > from).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
