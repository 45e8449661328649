import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { belowTarget, budgetPercentOf, currentMonth, rateFloorOf } from './budgets';

const H = 3_600_000n;

describe('budget and rate-floor figures', () => {
  it('rounds the percent down for any use of any budget', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e13 }), fc.integer({ min: 1, max: 1e13 }), (used, amount) => {
        const percent = BigInt(budgetPercentOf(used, { kind: 'hours', period: 'total', amount }));
        expect(percent * BigInt(amount) <= BigInt(used) * 100n).toBe(true);
        expect((percent + 1n) * BigInt(amount) > BigInt(used) * 100n).toBe(true);
      }),
    );
  });

  it('never overstates the hours left, by more than a millisecond never understates them, and agrees with belowTarget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e10, max: 1e10 }),
        fc.nat({ max: 1e12 }),
        // From 0.10 an hour: the hours left stay below 2^53 ms, where a double holds every millisecond.
        fc.integer({ min: 10, max: 1e10 }),
        (profit, totalMs, targetRateCents) => {
          const input = {
            totalIncomeCents: Math.max(0, profit),
            totalExpensesCents: Math.max(0, -profit),
            totalMs,
            targetRateCents,
          };
          const { hoursLeft } = rateFloorOf(input);
          const leftMs = BigInt(Math.round((hoursLeft ?? 0) * 3_600_000));
          // Spending totalMs + leftMs still earns at least the target per hour …
          if (leftMs > 0n)
            expect(BigInt(profit) * H >= BigInt(targetRateCents) * (BigInt(totalMs) + leftMs)).toBe(true);
          // … and one more millisecond would not.
          if (profit > 0)
            expect(BigInt(profit) * H < BigInt(targetRateCents) * (BigInt(totalMs) + leftMs + 1n)).toBe(true);
          if (totalMs > 0 && input.totalIncomeCents > 0)
            expect(belowTarget(input)).toBe(BigInt(profit) * H < BigInt(targetRateCents) * BigInt(totalMs));
          else expect(belowTarget(input)).toBe(false);
        },
      ),
    );
  });

  it('gives no verdict on the target until the project has both hours and income (issue 34, item 2)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1e10 }),
        fc.nat({ max: 1e12 }),
        fc.integer({ min: 1, max: 1e8 }),
        (expenses, ms, target) => {
          // Hours but no income, however many expenses: not "earning €0.00 an hour".
          expect(
            belowTarget({
              totalIncomeCents: 0,
              totalExpensesCents: expenses,
              totalMs: ms,
              targetRateCents: target,
            }),
          ).toBe(false);
          // Income but no hours: nothing to divide by.
          expect(
            belowTarget({
              totalIncomeCents: expenses + 1,
              totalExpensesCents: expenses,
              totalMs: 0,
              targetRateCents: target,
            }),
          ).toBe(false);
        },
      ),
    );
    // With both, one cent an hour short of the target is below it.
    expect(
      belowTarget({
        totalIncomeCents: 7_999,
        totalExpensesCents: 0,
        totalMs: 3_600_000,
        targetRateCents: 8_000,
      }),
    ).toBe(true);
  });

  it('rounds the earned rate half away from zero to the cent', () => {
    const at = (income: number, expenses: number, totalMs: number) =>
      rateFloorOf({ totalIncomeCents: income, totalExpensesCents: expenses, totalMs, targetRateCents: null })
        .earnedPerHour;
    expect(at(1, 0, 2 * 3_600_000)).toBe(0.01); // half a cent an hour
    expect(at(0, 1, 2 * 3_600_000)).toBe(-0.01);
    expect(at(10001, 0, 3 * 3_600_000)).toBe(33.34);
    expect(at(5, 0, 0)).toBeNull();
  });

  it('takes the calendar month of the moment, in UTC, with its last day', () => {
    expect(currentMonth(new Date('2028-02-29T23:59:59Z'))).toEqual({
      month: '2028-02',
      firstDay: '2028-02-01',
      lastDay: '2028-02-29',
    });
    expect(currentMonth(new Date('2026-12-01T00:00:00Z')).lastDay).toBe('2026-12-31');
  });
});
