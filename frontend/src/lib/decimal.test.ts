import { NUMBER_FORMATS } from '@contract/enums';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalMarks, formatDecimal, parseDecimal } from './decimal';

const format = fc.constantFrom(...NUMBER_FORMATS);
/** An amount to the cent up to 999,999,999.99, as a whole number of cents (exact). */
const cents = fc.integer({ min: 0, max: 99_999_999_999 });
const amountOf = (c: number) => c / 100;

describe('reading a typed number in the user’s number format', () => {
  it('takes the marks from Intl: en-US and en-GB dot, de-DE and en-ZA comma', () => {
    expect(decimalMarks('en-US')).toEqual({ decimal: '.', group: ',' });
    expect(decimalMarks('de-DE')).toEqual({ decimal: ',', group: '.' });
    expect(decimalMarks('en-ZA').decimal).toBe(',');
  });

  it('reads "59,90" as 59.90 in every format, never 5990 (issue 34)', () => {
    for (const locale of NUMBER_FORMATS) {
      expect(parseDecimal('59,90', locale)).toBe(59.9);
      expect(parseDecimal('59.90', locale)).toBe(59.9);
    }
  });

  it('reads thousands as the format groups them, both decimal marks together, and spaces', () => {
    expect(parseDecimal('1,234', 'en-US')).toBe(1234);
    expect(parseDecimal('1.234', 'de-DE')).toBe(1234);
    expect(parseDecimal('1.234,56', 'de-DE')).toBe(1234.56);
    expect(parseDecimal('1,234.56', 'de-DE')).toBe(1234.56);
    expect(parseDecimal('1,234,567.8', 'en-GB')).toBe(1234567.8);
    expect(parseDecimal('1 234,5', 'en-ZA')).toBe(1234.5);
    expect(parseDecimal(',5', 'de-DE')).toBe(0.5);
    expect(parseDecimal('-12,5', 'en-US', { negative: true })).toBe(-12.5);
  });

  it('refuses what it cannot read rather than guessing', () => {
    for (const text of [
      'abc',
      '12a',
      '€12',
      '1,2,3',
      '1.2.3,4',
      '12,34,567',
      '0,500',
      '1 2',
      '1,234.5.6',
      '59,999',
      '-5',
      ',',
      '1e5',
      '1234567890',
    ]) {
      expect(parseDecimal(text, 'de-DE'), text).toBeNull();
    }
    expect(parseDecimal('0.105', 'en-US')).toBeNull();
    expect(parseDecimal('1,234', 'de-DE')).toBeNull(); // three decimals: more than money keeps
  });

  it('reads back every amount the format writes, grouped or not (fast-check)', () => {
    fc.assert(
      fc.property(format, cents, fc.boolean(), (locale, c, useGrouping) => {
        const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, useGrouping }).format(
          amountOf(c),
        );
        expect(parseDecimal(text, locale)).toBe(amountOf(c));
      }),
    );
  });

  it('reads either decimal mark with one or two decimals in any format (fast-check)', () => {
    fc.assert(
      fc.property(
        format,
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom('.', ','),
        (locale, whole, hundredths, mark) => {
          const fraction = String(hundredths).padStart(2, '0');
          expect(parseDecimal(`${whole}${mark}${fraction}`, locale)).toBe(Number(`${whole}.${fraction}`));
        },
      ),
    );
  });

  it('answers a number to the cent or null for any text, and what it shows reads back the same (fast-check)', () => {
    const typed = fc.stringMatching(/^-?[\d.,\s]{0,14}$/);
    fc.assert(
      fc.property(format, fc.oneof(typed, fc.string()), (locale, text) => {
        const value = parseDecimal(text, locale);
        if (value === null) return;
        expect(Number.isFinite(value) && value >= 0).toBe(true);
        expect(Math.round(value * 100) / 100).toBe(value);
        expect(parseDecimal(formatDecimal(value, locale), locale)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});
