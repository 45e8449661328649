import { describe, expect, it } from 'vitest';
import { formatHours, formatPercent, niceTicks, valueFormat } from './format';

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
