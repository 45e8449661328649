import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentTotals, lineNetCents, taxTreatment } from './document';

const base = {
  smallBusiness: false,
  reverseCharge: false,
  buyerCountry: 'DE',
  taxRate: 1900,
  language: 'de' as const,
};

describe('the tax treatment of an invoice (CONTRACT §9)', () => {
  it('makes a §19 small business E with no tax and the §19 note, whatever else is set', () => {
    expect(taxTreatment({ ...base, smallBusiness: true, reverseCharge: true, buyerCountry: 'US' })).toEqual({
      category: 'E',
      taxRate: 0,
      note: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    });
    expect(taxTreatment({ ...base, smallBusiness: true, language: 'en' }).note).toBe(
      'No VAT is charged under section 19 of the German VAT Act (small business).',
    );
  });

  it('makes reverse charge AE with no tax and the reverse-charge note', () => {
    expect(taxTreatment({ ...base, reverseCharge: true, buyerCountry: 'AT' })).toEqual({
      category: 'AE',
      taxRate: 0,
      note: 'Steuerschuldnerschaft des Leistungsempfängers',
    });
    expect(taxTreatment({ ...base, reverseCharge: true, language: 'en' }).note).toBe('Reverse charge');
  });

  it('makes a buyer outside the EU at rate 0 O (not subject to VAT), with a note', () => {
    const t = taxTreatment({ ...base, buyerCountry: 'us', taxRate: 0 });
    expect(t).toMatchObject({ category: 'O', taxRate: 0 });
    expect(t.note).toBe('Nicht im Inland steuerbare Leistung');
  });

  it('makes a positive rate S with that rate and rate 0 in the EU Z, neither with a note', () => {
    expect(taxTreatment({ ...base, buyerCountry: 'US', taxRate: 700 })).toEqual({
      category: 'S',
      taxRate: 700,
    });
    expect(taxTreatment({ ...base, buyerCountry: 'FR', taxRate: 0 })).toEqual({ category: 'Z', taxRate: 0 });
  });
});

describe('the document arithmetic', () => {
  it('rounds a line half up to the cent (1.5 h at 0.01 is 0.015 → 0.02; 0.333 h at 0.03 → 0.01)', () => {
    expect(lineNetCents(1500, 1)).toBe(2);
    expect(lineNetCents(333, 3)).toBe(1);
    expect(lineNetCents(12_500, 9_000)).toBe(112_500);
  });

  it('taxes only S documents, net × rate half up, and sums gross and due exactly', () => {
    const lines = [{ netCents: 1050 }, { netCents: 5 }];
    expect(documentTotals(lines, 'S', 1900)).toEqual({
      netCents: 1055,
      taxCents: 200,
      grossCents: 1255,
      dueCents: 1255,
    });
    for (const category of ['Z', 'E', 'AE', 'O'] as const) {
      expect(documentTotals(lines, category, 1900).taxCents).toBe(0);
    }
  });

  it('keeps totals exact to the cent for any lines (BigInt arithmetic, no float drift)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            q: fc.integer({ min: 0, max: 10_000_000 }),
            p: fc.integer({ min: 0, max: 100_000_000 }),
          }),
          {
            maxLength: 50,
          },
        ),
        fc.integer({ min: 0, max: 10_000 }),
        (raw, rate) => {
          const lines = raw.map((l) => ({ netCents: lineNetCents(l.q, l.p) }));
          const t = documentTotals(lines, 'S', rate);
          const net = raw.reduce((s, l) => s + (BigInt(l.q) * BigInt(l.p) * 2n + 1000n) / 2000n, 0n);
          expect(BigInt(t.netCents)).toBe(net);
          expect(BigInt(t.taxCents)).toBe((net * BigInt(rate) * 2n + 10_000n) / 20_000n);
          expect(t.grossCents).toBe(t.netCents + t.taxCents);
        },
      ),
    );
  });
});
