import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, weekStart } from '../../shared/calendar';
import { planWeekReads } from './plan';

const daysOf = (r: { start: string; end: string }) =>
  Array.from({ length: dayNumber(r.end) - dayNumber(r.start) + 1 }, (_, i) => addDays(r.start, i));

describe('planWeekReads (a report by week with a tag filter)', () => {
  it('reads whole weeks from Monday and the edge days of a range cut inside them', () => {
    // Friday 2025-11-28 to Saturday 2026-11-28: the first week's 3 days are read day by day, the
    // last week whole minus its Sunday (a day still to come).
    expect(planWeekReads({ start: '2025-11-28', end: '2026-11-28' })).toEqual({
      weeks: { first: '2025-12-01', last: '2026-11-23' },
      add: [{ start: '2025-11-28', end: '2025-11-30' }],
      subtract: [{ start: '2026-11-29', end: '2026-11-29' }],
    });
    expect(planWeekReads({ start: '2026-03-02', end: '2026-03-15' })).toEqual({
      weeks: { first: '2026-03-02', last: '2026-03-09' },
      add: [],
      subtract: [],
    });
    expect(planWeekReads({ start: '2026-03-04', end: '2026-03-05' })).toEqual({
      add: [{ start: '2026-03-04', end: '2026-03-05' }],
      subtract: [],
    });
  });

  it('counts every day of any range exactly once, each in its own week, and reads at most 3 days per edge', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 1, max: 400 }), (s, length) => {
        const start = addDays('2023-01-01', s);
        const end = addDays(start, length - 1);
        const plan = planWeekReads({ start, end });
        const count = new Map<string, number>();
        const bump = (day: string, by: number) => count.set(day, (count.get(day) ?? 0) + by);
        if (plan.weeks) {
          expect(weekStart(plan.weeks.first)).toBe(plan.weeks.first);
          expect(plan.weeks.first <= plan.weeks.last).toBe(true);
          for (const d of daysOf({ start: plan.weeks.first, end: addDays(plan.weeks.last, 6) })) bump(d, 1);
        }
        for (const r of plan.add) for (const d of daysOf(r)) bump(d, 1);
        for (const r of plan.subtract) {
          for (const d of daysOf(r)) {
            bump(d, -1);
            // A subtracted day lies in a week read whole, so it leaves the same week's row.
            expect(plan.weeks && weekStart(d) >= plan.weeks.first && weekStart(d) <= plan.weeks.last).toBe(
              true,
            );
          }
        }
        const counted = [...count].filter(([, n]) => n !== 0);
        expect(counted.every(([, n]) => n === 1)).toBe(true);
        expect(counted.map(([d]) => d).sort()).toEqual(daysOfRange(start, end));
        const byDay = [...plan.add, ...plan.subtract].reduce((n, r) => n + daysOf(r).length, 0);
        expect(byDay).toBeLessThanOrEqual(Math.min(length, 6));
      }),
      { numRuns: 500, seed: 22 },
    );
  });
});

const daysOfRange = (start: string, end: string) => daysOf({ start, end });
