import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, MAX_AMOUNT } from './money';

describe('amountToCents', () => {
  it.each([
    [0, 0],
    [12.3, 1230],
    [12.34, 1234],
    [0.1, 10],
    [0.07, 7],
    [1234567.89, 123456789],
    [MAX_AMOUNT, MAX_AMOUNT * 100],
  ])('reads %s as %s cents', (amount, cents) => {
    expect(amountToCents(amount)).toBe(cents);
  });

  it.each([
    [-0.01],
    [1.234],
    [0.1 + 0.2],
    [1e-7],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [MAX_AMOUNT + 0.01],
  ])('refuses %s', (amount) => {
    expect(amountToCents(amount)).toBeUndefined();
  });

  it('round-trips every cent value exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT * 100 }), (cents) => {
        expect(amountToCents(centsToAmount(cents))).toBe(cents);
      }),
    );
  });
});

describe('centsToAmount', () => {
  it('answers the decimal a person would write', () => {
    expect(centsToAmount(1230)).toBe(12.3);
    expect(String(centsToAmount(1999))).toBe('19.99');
    expect(centsToAmount(-4050)).toBe(-40.5);
  });
});
