import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHours, formatPercent, formatPeriod, niceTicks, valueFormat } from './format';

describe('chart number formatting', () => {
  it('shows hours as h:mm, grouped in the user’s number format', () => {
    expect(formatHours(1.5)).toBe('1:30 h');
    expect(formatHours(0.25, 'en-US')).toBe('0:15 h');
    expect(formatHours(1234.5, 'en-US')).toBe('1,234:30 h');
    expect(formatHours(1234.5, 'de-DE')).toBe('1.234:30 h');
    expect(formatHours(2.9999)).toBe('3:00 h');
  });

  it('shows money in the user’s currency and number format with two decimals', () => {
    expect(valueFormat('profitloss', 'en-US', 'USD')(1234.5)).toBe('$1,234.50');
    expect(valueFormat('profitloss', 'de-DE', 'EUR')(1234.5)).toBe('1.234,50\u00a0€');
    expect(valueFormat('profitloss', 'en-GB', 'GBP')(-20)).toBe('-£20.00');
    expect(valueFormat('profitlossperhour', 'en-US', 'EUR')(12.5)).toBe('€12.50/h');
  });

  it('drops the cents on whole-number axis ticks only', () => {
    const format = valueFormat('profitloss', 'en-US', 'USD');

    expect(format(500, true)).toBe('$500');
    expect(format(2.5, true)).toBe('$2.50');
    expect(format(500)).toBe('$500.00');
  });

  it('uses time formatting for the time charts whatever the currency', () => {
    expect(valueFormat('timetracked', 'en-US', 'EUR')(2.75)).toBe('2:45 h');
    expect(valueFormat('timepertask', 'en-US', 'EUR')(10)).toBe('10:00 h');
  });

  it('falls back to plain numbers for an unknown currency instead of throwing', () => {
    expect(valueFormat('profitloss', 'en-US', 'NOPE!')(3)).toBe('3.00');
  });

  it('reuses formatters without ever mixing up locales, currencies or kinds of value', () => {
    // In any order of calls, each result is what a formatter made afresh for that call says.
    const call = fc.record({
      locale: fc.constantFrom('en-US', 'de-DE', 'en-GB', 'fr-FR', 'ja-JP'),
      currency: fc.constantFrom('EUR', 'USD', 'JPY', 'GBP'),
      money: fc.boolean(),
      tick: fc.boolean(),
      value: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      period: fc.constantFrom('2026-03', '2026-03-12', '2024-02-29'),
      language: fc.constantFrom('en', 'de'),
    });
    fc.assert(
      fc.property(fc.array(call, { maxLength: 30 }), (calls) => {
        for (const c of calls) {
          const fresh = new Intl.NumberFormat(c.locale, {
            style: 'currency',
            currency: c.currency,
            ...(c.tick && Number.isInteger(c.value)
              ? { minimumFractionDigits: 0, maximumFractionDigits: 0 }
              : { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
          });
          if (c.money)
            expect(valueFormat('profitloss', c.locale, c.currency)(c.value, c.tick)).toBe(
              fresh.format(c.value),
            );
          const minutes = Math.round(Math.abs(c.value) * 60);
          const hours = new Intl.NumberFormat(c.locale, { maximumFractionDigits: 0 }).format(
            Math.floor(minutes / 60),
          );
          expect(formatHours(c.value, c.locale)).toContain(`${hours}:`);
          const day = c.period.length === 10;
          const date = new Date(`${c.period}${day ? '' : '-01'}T00:00:00Z`);
          expect(formatPeriod(c.period, c.language)).toBe(
            new Intl.DateTimeFormat(c.language === 'en' ? 'en-GB' : c.language, {
              ...(day ? { day: 'numeric' } : { year: 'numeric' }),
              month: 'short',
              timeZone: 'UTC',
            }).format(date),
          );
        }
      }),
    );
  });

  it('writes every day and month of a year as the browser’s Intl does, in both languages', () => {
    for (const [language, locale] of [
      ['en', 'en-GB'],
      ['de', 'de'],
    ] as const) {
      const days = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
      const months = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
      for (let d = Date.UTC(2024, 0, 1); d < Date.UTC(2025, 0, 1); d += 86_400_000) {
        const iso = new Date(d).toISOString().slice(0, 10);
        expect(formatPeriod(iso, language)).toBe(days.format(d));
        expect(formatPeriod(iso.slice(0, 7), language)).toBe(months.format(d));
      }
    }
    expect(formatPeriod('Website redesign', 'de')).toBe('Website redesign');
    expect(formatPeriod('2026-03', 'fr')).toBe(
      new Intl.DateTimeFormat('fr', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        Date.UTC(2026, 2, 1),
      ),
    );
  });

  it('formats shares as percentages', () => {
    expect(formatPercent(0.425, 'en-US')).toBe('42.5%');
    expect(formatPercent(1 / 3, 'de-DE')).toBe('33,3\u00a0%');
  });
});

describe('niceTicks', () => {
  it('covers the range with round steps starting at zero', () => {
    expect(niceTicks(0, 7.3, 4)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0, 38, 5)).toEqual([0, 10, 20, 30, 40]);
  });

  it('includes zero when values are negative, so losses sit below the zero line', () => {
    const ticks = niceTicks(-120, 480, 5);

    expect(ticks).toContain(0);
    expect(ticks[0]).toBeLessThanOrEqual(-120);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(480);
  });

  it('still gives an axis when every value is zero', () => {
    expect(niceTicks(0, 0, 4)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});
