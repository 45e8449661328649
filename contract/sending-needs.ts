import type { ApiField } from './error-codes';

/**
 * What sending an invoice needs of both parties (CONTRACT §9 "Sending makes a legal document"),
 * written once: the server refuses a send with 400 `INVOICE_INCOMPLETE` naming each value below
 * that is blank, and the app marks the same fields on the invoice details page and the client form.
 */

/** The seller's values (the invoice settings) a sent invoice must carry, with their error field. */
export const SELLER_NEEDS = [
  ['name', 'sellerName'],
  ['street', 'sellerStreet'],
  ['postcode', 'sellerPostcode'],
  ['city', 'sellerCity'],
  ['country', 'sellerCountry'],
  ['email', 'sellerEmail'],
  ['phone', 'sellerPhone'],
  ['iban', 'sellerIban'],
] as const satisfies readonly (readonly [string, ApiField])[];

/** The buyer's values (the client) a sent invoice must carry, with their error field. */
export const BUYER_NEEDS = [
  ['name', 'clientName'],
  ['postcode', 'clientPostcode'],
  ['city', 'clientCity'],
  ['country', 'clientCountry'],
] as const satisfies readonly (readonly [string, ApiField])[];

/** A seller's value sending can ask for: the list above, and the VAT ID (or the tax number). */
export type SellerNeed = (typeof SELLER_NEEDS)[number][0] | 'vatId';
/** A buyer's value sending can ask for: the list above, and the VAT ID under reverse charge. */
export type BuyerNeed = (typeof BUYER_NEEDS)[number][0] | 'vatId';

/** A missing value: which one (`street`) and its error field (`sellerStreet`). */
export interface Missing<K extends string> {
  key: K;
  field: ApiField;
}

/** Empty for sending: not text, or only white space. */
export const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/**
 * The seller's values an invoice would lack: each of {@link SELLER_NEEDS}, then the VAT ID — under
 * reverse charge the VAT ID itself, else a VAT ID or a tax number (either identifies the seller).
 */
export function sellerMissing(
  seller: Readonly<Partial<Record<SellerNeed | 'taxNumber', unknown>>>,
  reverseCharge: boolean,
): Missing<SellerNeed>[] {
  const missing: Missing<SellerNeed>[] = SELLER_NEEDS.filter(([key]) => blank(seller[key])).map(
    ([key, field]) => ({ key, field }),
  );
  if (reverseCharge && blank(seller.vatId)) missing.push({ key: 'vatId', field: 'sellerVatId' });
  else if (blank(seller.vatId) && blank(seller.taxNumber))
    missing.push({ key: 'vatId', field: 'sellerTaxId' });
  return missing;
}

/** The buyer's values an invoice would lack: each of {@link BUYER_NEEDS}; under reverse charge the VAT ID. */
export function buyerMissing(
  buyer: Readonly<Partial<Record<BuyerNeed, unknown>>>,
  reverseCharge: boolean,
): Missing<BuyerNeed>[] {
  const missing: Missing<BuyerNeed>[] = BUYER_NEEDS.filter(([key]) => blank(buyer[key])).map(
    ([key, field]) => ({ key, field }),
  );
  if (reverseCharge && blank(buyer.vatId)) missing.push({ key: 'vatId', field: 'clientVatId' });
  return missing;
}

/** The `param` of an `INVOICE_INCOMPLETE` error: the party's prefix and the value's key. */
export const SELLER_PARAM = 'invoicesettings.';
export const BUYER_PARAM = 'client.';
