import type { EInvoiceDocument, TaxCategory } from './document';
import { hasText } from './xml';

/**
 * What both syntaxes (CII and UBL) derive alike from the document: which identifiers of the parties
 * it may carry, the exemption reason code and the payment terms' wording.
 */

export interface PartyIdentifiers {
  /** BT-31, left out of an O document (BR-O-02). */
  vatId?: string;
  /** BT-32. */
  taxNumber?: string;
  /** BT-48, left out of an O document (BR-O-02). */
  buyerVatId?: string;
  /**
   * BT-29, written only when the document carries no seller VAT identifier: BR-CO-26 asks for BT-29,
   * BT-30 or BT-31, and a §19 small business or an O invoice often has only a Steuernummer. The
   * Steuernummer then also identifies the seller (else the VAT ID, which an O document may not
   * carry as BT-31).
   */
  sellerId?: string;
}

export function sellerIdentifiers(doc: EInvoiceDocument): PartyIdentifiers {
  const vatAllowed = doc.taxCategory !== 'O';
  const vatId = vatAllowed && hasText(doc.seller.vatId) ? doc.seller.vatId : undefined;
  const taxNumber = hasText(doc.seller.taxNumber) ? doc.seller.taxNumber : undefined;
  const buyerVatId = vatAllowed && hasText(doc.buyer.vatId) ? doc.buyer.vatId : undefined;
  const fallbackId = taxNumber ?? (hasText(doc.seller.vatId) ? doc.seller.vatId : undefined);
  return { vatId, taxNumber, buyerVatId, sellerId: vatId ? undefined : fallbackId };
}

/** BT-121 where the VATEX code list has the category's own code (AE, O). */
export const taxExemptionCode = (category: TaxCategory) =>
  category === 'AE' ? 'VATEX-EU-AE' : category === 'O' ? 'VATEX-EU-O' : undefined;

/** BT-20 in the document's language: the due date, in the form XRechnung's readers show as is. */
export function paymentTerms(doc: EInvoiceDocument): string {
  const [y, m, d] = doc.dueDate.slice(0, 10).split('-');
  if (doc.kind === 'creditNote') {
    return doc.language === 'de'
      ? `Gutschrift zur Rechnung ${doc.precedingInvoice?.number ?? ''}`.trim()
      : `Credit for invoice ${doc.precedingInvoice?.number ?? ''}`.trim();
  }
  return doc.language === 'de' ? `Zahlbar bis zum ${d}.${m}.${y}.` : `Payable by ${y}-${m}-${d}.`;
}
