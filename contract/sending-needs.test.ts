import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUYER_NEEDS, blank, buyerMissing, SELLER_NEEDS, sellerMissing } from './sending-needs';

/** What sending an invoice needs (CONTRACT §9), on generated parties: any Unicode, blank or not. */

/** A value: empty, only white space, or text with at least one visible character. */
const value = fc.oneof(
  fc.constant(''),
  fc.constantFrom(' ', '\t', '  \n '),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((s) => `${s}x`),
);
const party = (keys: readonly string[]) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, value])) as Record<string, fc.Arbitrary<string>>);

const SELLER_KEYS = [...SELLER_NEEDS.map(([k]) => k), 'vatId', 'taxNumber'];
const BUYER_KEYS = [...BUYER_NEEDS.map(([k]) => k), 'vatId', 'street'];

describe('what sending needs of the seller', () => {
  it('names each blank value of the list in its order, then the VAT ID as reverse charge asks', () => {
    fc.assert(
      fc.property(party(SELLER_KEYS), fc.boolean(), (seller, reverseCharge) => {
        const missing = sellerMissing(seller, reverseCharge);
        const listed = SELLER_NEEDS.filter(([k]) => blank(seller[k])).map(([key, field]) => ({ key, field }));
        const vatId = reverseCharge
          ? blank(seller.vatId)
            ? [{ key: 'vatId', field: 'sellerVatId' }]
            : []
          : blank(seller.vatId) && blank(seller.taxNumber)
            ? [{ key: 'vatId', field: 'sellerTaxId' }]
            : [];
        expect(missing).toEqual([...listed, ...vatId]);
      }),
    );
  });

  it('asks nothing of complete details, and a tax number stands for the VAT ID only without reverse charge', () => {
    const complete = Object.fromEntries(SELLER_KEYS.map((k) => [k, 'Straße 1 · 東京']));
    expect(sellerMissing(complete, true)).toEqual([]);
    const taxNumberOnly = { ...complete, vatId: '  ' };
    expect(sellerMissing(taxNumberOnly, false)).toEqual([]);
    expect(sellerMissing(taxNumberOnly, true)).toEqual([{ key: 'vatId', field: 'sellerVatId' }]);
    // A value that is not text (an older record) is missing too.
    expect(sellerMissing({ ...complete, iban: undefined }, false)).toEqual([
      { key: 'iban', field: 'sellerIban' },
    ]);
  });
});

describe('what sending needs of the client', () => {
  it('names each blank value of the list, and the VAT ID only under reverse charge; never the street', () => {
    fc.assert(
      fc.property(party(BUYER_KEYS), fc.boolean(), (buyer, reverseCharge) => {
        const keys = buyerMissing(buyer, reverseCharge).map((m) => m.key);
        const expected = [
          ...BUYER_NEEDS.filter(([k]) => blank(buyer[k])).map(([k]) => k),
          ...(reverseCharge && blank(buyer.vatId) ? ['vatId'] : []),
        ];
        expect(keys).toEqual(expected);
        expect(keys).not.toContain('street');
      }),
    );
  });
});
