import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '../test/i18n';
import {
  dayOfIso,
  formatDate,
  formatDuration,
  formatDurationLong,
  formatMoney,
  formatNumber,
  formatTime,
  isoOfDay,
  monthsAgo,
  toIsoDay,
} from './format';

describe('format', () => {
  it('shows a stored day as dd MMM yyyy, read in UTC so no time zone moves it a day', () => {
    expect(formatDate('2024-03-05T00:00:00.000Z')).toBe('05 Mar 2024');
    expect(formatDate('2023-12-31T00:00:00.000Z')).toBe('31 Dec 2023');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('names months in German for a German screen, and follows the language in use by default', async () => {
    expect(formatDate('2024-03-05T00:00:00.000Z', 'de')).toBe('05. März 2024');
    expect(formatDate('2023-12-31T00:00:00.000Z', 'de')).toBe('31. Dez. 2023');
    await setTestLanguage('de');
    expect(formatDate('2024-10-01T00:00:00.000Z')).toBe('01. Okt. 2024');
  });

  it('shows a moment as HH:mm in 24-hour time', () => {
    expect(formatTime(new Date(2024, 0, 1, 7, 5))).toBe('07:05');
    expect(formatTime(new Date(2024, 0, 1, 23, 59))).toBe('23:59');
    expect(formatTime(undefined)).toBe('');
  });

  it('shows durations in milliseconds as hh:mm and hh:mm:ss, hours running past a day', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration((2 * 3600 + 5 * 60 + 59) * 1000)).toBe('02:05');
    expect(formatDuration(125 * 3600 * 1000 + 30 * 60 * 1000)).toBe('125:30');
    expect(formatDurationLong((1 * 3600 + 2 * 60 + 3) * 1000 + 999)).toBe('01:02:03');
    expect(formatDurationLong(null)).toBe('00:00:00');
  });

  it('shows money with two decimals in the user’s currency and number format', () => {
    expect(formatMoney(1234.5, { currency: 'USD', numberFormat: 'en-US' })).toBe('$1,234.50');
    expect(formatMoney(1234.5, { currency: 'EUR', numberFormat: 'de-DE' })).toBe('1.234,50\u00a0€');
    expect(formatMoney(-3, { currency: 'GBP', numberFormat: 'en-GB' })).toBe('-£3.00');
    expect(formatMoney(0.1 + 0.2, { currency: 'CHF', numberFormat: 'en-US' })).toBe('CHF\u00a00.30');
  });

  it('formats the settings example number in each offered number format', () => {
    expect(formatNumber(12345678.9, { numberFormat: 'en-US' })).toBe('12,345,678.9');
    expect(formatNumber(12345678.9, { numberFormat: 'de-DE' })).toBe('12.345.678,9');
    expect(formatNumber(12345678.9, { numberFormat: 'en-GB' })).toBe('12,345,678.9');
    // South African English groups with (no-break) spaces and uses a decimal comma.
    expect(formatNumber(12345678.9, { numberFormat: 'en-ZA' })).toMatch(/^12\s345\s678,9$/);
  });

  it('converts between calendar days and the API’s midnight-UTC timestamps', () => {
    expect(toIsoDay(new Date(2024, 1, 29, 23, 30))).toBe('2024-02-29');
    expect(isoOfDay('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(dayOfIso('2024-02-29T00:00:00.000Z')).toBe('2024-02-29');
    expect(monthsAgo(12, new Date(2025, 5, 15))).toBe('2024-06-15');
    expect(monthsAgo(60, new Date(2025, 5, 15))).toBe('2020-06-15');
  });

  it('keeps the end of a month in a shorter month instead of spilling into the next', () => {
    expect(monthsAgo(12, new Date(2024, 1, 29))).toBe('2023-02-28');
    expect(monthsAgo(48, new Date(2024, 1, 29))).toBe('2020-02-29');
    expect(monthsAgo(1, new Date(2025, 2, 31))).toBe('2025-02-28');
    expect(monthsAgo(1, new Date(2024, 2, 31))).toBe('2024-02-29');
    expect(monthsAgo(6, new Date(2025, 11, 31))).toBe('2025-06-30');
    expect(monthsAgo(12, new Date(2025, 0, 31))).toBe('2024-01-31');
  });
});
