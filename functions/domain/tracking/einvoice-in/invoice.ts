import { EinvoiceUnreadable } from './unreadable';
import { oneLine } from './values';

/**
 * What booking a received e-invoice needs of it, the same from CII and UBL (EN 16931's business
 * terms). Money in integer cents, as the code base keeps it.
 */
export interface ReceivedInvoice {
  syntax: 'CII' | 'UBL';
  /** BT-1. */
  number: string;
  /** BT-2, `yyyy-mm-dd`. */
  issueDate: string;
  /** BT-3. */
  typeCode: string;
  /** BT-5, ISO 4217. */
  currency: string;
  seller: {
    /** BT-27. */
    name: string;
    /** BT-31, as written (spaces removed, upper case). */
    vatId?: string;
  };
  /** BT-109: the invoice total without VAT. */
  netCents: number;
  /** BT-110: the invoice's total VAT in its own currency (0 when it states none). */
  taxCents: number;
}

/** The parts of a document each reader found, checked into a {@link ReceivedInvoice}. */
export interface FoundParts {
  syntax: ReceivedInvoice['syntax'];
  number: string | undefined;
  issueDate: string;
  typeCode: string;
  currency: string | undefined;
  sellerName: string | undefined;
  sellerVatId: string | undefined;
  netCents: number;
  taxCents: number;
}

/** A VAT identifier as compared: no spaces, dots or dashes, upper case. */
export const normalVatId = (id: string | undefined) => {
  const normal = (id ?? '').replace(/[\s.-]/g, '').toUpperCase();
  return normal || undefined;
};

/** The parts checked: a number, a seller, a currency code, and totals that are not negative. */
export function receivedInvoice(found: FoundParts): ReceivedInvoice {
  const number = oneLine(found.number);
  if (!number) throw new EinvoiceUnreadable('the invoice has no number');
  const name = oneLine(found.sellerName);
  if (!name) throw new EinvoiceUnreadable('the seller has no name');
  const currency = (found.currency ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new EinvoiceUnreadable('the currency is not an ISO 4217 code');
  if (found.netCents < 0 || found.taxCents < 0) {
    throw new EinvoiceUnreadable('a negative total is not booked as an expense');
  }
  const vatId = normalVatId(found.sellerVatId);
  return {
    syntax: found.syntax,
    number,
    issueDate: found.issueDate,
    typeCode: found.typeCode,
    currency,
    seller: { name, ...(vatId ? { vatId } : {}) },
    netCents: found.netCents,
    taxCents: found.taxCents,
  };
}
