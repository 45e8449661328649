import { describe, expect, it } from 'vitest';
import { generateVoucherCode, normalizeVoucherCode } from './vouchers';

describe('voucher codes', () => {
  it('are four groups of four characters people cannot misread', () => {
    for (let i = 0; i < 200; i++)
      expect(generateVoucherCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it('are different every time', () => {
    const codes = new Set(Array.from({ length: 1000 }, generateVoucherCode));
    expect(codes.size).toBe(1000);
  });

  it('survive lower case, spaces, missing dashes and look-alike letters', () => {
    expect(normalizeVoucherCode(' 7k3m q9xd-2hpv a4tn ')).toBe('7K3M-Q9XD-2HPV-A4TN');
    expect(normalizeVoucherCode('OIL0-0000-0000-0000')).toBe('0110-0000-0000-0000');
  });

  it('refuse what cannot be a code', () => {
    for (const input of ['', 'not-a-code', '7K3M-Q9XD-2HPV', '7K3M-Q9XD-2HPV-A4TNX', 'UUUU-UUUU-UUUU-UUUU']) {
      expect(normalizeVoucherCode(input), input).toBeUndefined();
    }
  });
});
