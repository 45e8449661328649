import { TAX_PERIODS } from '@contract/enums';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choiceFromParams, PERIOD_GROUPS, paramsOfChoice, quarterOf, yearOptions } from './periods';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('the tax screen’s periods', () => {
  it('puts each day in its calendar quarter, the quarters’ first and last days included', () => {
    expect(quarterOf(day('2026-01-01'))).toBe('q1');
    expect(quarterOf(day('2026-03-31'))).toBe('q1');
    expect(quarterOf(day('2026-04-01'))).toBe('q2');
    expect(quarterOf(day('2026-09-30'))).toBe('q3');
    expect(quarterOf(day('2026-10-01'))).toBe('q4');
    expect(quarterOf(day('2026-12-31'))).toBe('q4');
  });

  it('opens on this quarter of this year on the user’s basis when the address names nothing', () => {
    expect(choiceFromParams(new URLSearchParams(), day('2026-05-20'), 'accrual')).toEqual({
      year: 2026,
      period: 'q2',
      basis: 'accrual',
    });
  });

  it('reads a year, period and basis from the address, and ignores what the API would refuse', () => {
    const today = day('2026-11-29');
    expect(
      choiceFromParams(new URLSearchParams('year=2024&period=m12&basis=accrual'), today, 'cash'),
    ).toEqual({
      year: 2024,
      period: 'm12',
      basis: 'accrual',
    });
    for (const bad of [
      'year=26',
      'year=1969',
      'year=20x6',
      'period=q5',
      'period=m0',
      'basis=soll',
      'basis=',
    ]) {
      expect(choiceFromParams(new URLSearchParams(bad), today, 'cash'), bad).toEqual({
        year: 2026,
        period: 'q4',
        basis: 'cash',
      });
    }
  });

  it('writes every choice into an address that reads back as the same choice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2999 }),
        fc.constantFrom(...TAX_PERIODS),
        fc.constantFrom('cash' as const, 'accrual' as const),
        fc.constantFrom('cash' as const, 'accrual' as const),
        (year, period, basis, userBasis) => {
          const params = paramsOfChoice({ year, period, basis }, userBasis);
          expect(params.has('basis')).toBe(basis !== userBasis);
          expect(choiceFromParams(params, day('2026-05-20'), userBasis)).toEqual({ year, period, basis });
        },
      ),
    );
  });

  it('offers next year down to ten years back, newest first, and a year from the address outside them', () => {
    const years = yearOptions(day('2026-11-29'), 2026);
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(2016);
    expect(years).toHaveLength(12);
    expect(yearOptions(day('2026-11-29'), 2001).at(-1)).toBe(2001);
  });

  it('offers every period the API knows exactly once: the year, four quarters, twelve months', () => {
    const offered = [...PERIOD_GROUPS.year, ...PERIOD_GROUPS.quarters, ...PERIOD_GROUPS.months];
    expect([...offered].sort()).toEqual([...TAX_PERIODS].sort());
    expect(PERIOD_GROUPS.quarters).toEqual(['q1', 'q2', 'q3', 'q4']);
  });
});
