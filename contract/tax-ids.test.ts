import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidIban, isVatIdForm, normaliseIban } from './tax-ids';

/** The IBAN and VAT ID checks of CONTRACT §9, on generated input. */

/** The check digits ISO 13616 gives `country` + `bban`: 98 − (number with `00` as digits mod 97). */
function checkDigits(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`]
    .map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  return String(98 - Number(BigInt(digits) % 97n)).padStart(2, '0');
}

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const alphanumeric = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const validIban = fc
  .tuple(
    fc.array(letter, { minLength: 2, maxLength: 2 }),
    fc.array(alphanumeric, { minLength: 11, maxLength: 30 }),
  )
  .map(([country, bban]) => {
    const c = country.join('');
    const b = bban.join('');
    return `${c}${checkDigits(c, b)}${b}`;
  });

describe('the IBAN check', () => {
  it('accepts IBANs made with correct check digits, in groups of four or lower case too', () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        expect(isValidIban(iban)).toBe(true);
        expect(isValidIban(iban.replace(/(.{4})/g, '$1 ').toLowerCase())).toBe(true);
      }),
    );
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(normaliseIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  });

  it('refuses an IBAN in which any one digit changed', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, step) => {
        const positions = [...iban].flatMap((c, i) => (/\d/.test(c) ? [i] : []));
        const i = positions[at % positions.length]!;
        const changed = `${iban.slice(0, i)}${(Number(iban[i]) + step) % 10}${iban.slice(i + 1)}`;
        expect(isValidIban(changed)).toBe(false);
      }),
    );
  });

  it('refuses what is not an IBAN’s form', () => {
    for (const bad of [
      '',
      'DE89',
      '89DE370400440532013000',
      'DE89-3704-0044-0532-0130-00',
      'DE8937040044053201300€',
    ]) {
      expect(isValidIban(bad), bad).toBe(false);
    }
  });
});

describe('the VAT ID form', () => {
  it('is two letters and 2–13 letters or digits', () => {
    for (const good of ['DE123456789', 'ATU12345678', 'de 123 456 789', 'FRXX123456789', 'EL12']) {
      expect(isVatIdForm(good), good).toBe(true);
    }
    for (const bad of ['', 'D1234', '123456789', 'DE1', 'DE12345678901234', 'DE-123456789', 'DÉ123456789']) {
      expect(isVatIdForm(bad), bad).toBe(false);
    }
  });
});
