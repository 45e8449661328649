import { type ReceivedInvoice, receivedInvoice } from './invoice';
import { EinvoiceUnreadable } from './unreadable';
import { amountCents, bookedTypeCode, ublDay } from './values';
import { all, first, type Step, textAt, type XmlElement } from './xml-tree';

/** An OASIS UBL 2.1 `Invoice` (EN 16931's UBL binding, XRechnung UBL, Peppol BIS) read into a {@link ReceivedInvoice}. */

export const UBL_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const UBL_CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const CAC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

const cac = (local: string): Step => [CAC_NS, local];
const cbc = (local: string): Step => [CBC_NS, local];

/** Whether the root is a UBL invoice; a UBL credit note is refused by name. */
export function isUbl(root: XmlElement): boolean {
  if (root.ns === UBL_CREDIT_NOTE_NS && root.local === 'CreditNote') {
    throw new EinvoiceUnreadable('a credit note is not booked as an expense');
  }
  return root.ns === UBL_INVOICE_NS && root.local === 'Invoice';
}

/** BT-110: the `TaxTotal`'s `TaxAmount` in the document's currency (another may be in the tax currency). */
function taxTotal(root: XmlElement, currency: string | undefined) {
  const amounts = all(root, cac('TaxTotal'), cbc('TaxAmount'));
  const inCurrency =
    amounts.find((a) => a.attrs.currencyID === currency) ?? amounts.find((a) => !a.attrs.currencyID);
  return inCurrency ? amountCents(inCurrency.text, 'the VAT total') : 0;
}

/** BT-31: the party tax scheme whose scheme is VAT. */
function sellerVatId(party: XmlElement | undefined) {
  const vat = all(party, cac('PartyTaxScheme')).find((s) => textAt(s, cac('TaxScheme'), cbc('ID')) === 'VAT');
  return textAt(vat, cbc('CompanyID'));
}

export function readUbl(root: XmlElement): ReceivedInvoice {
  const party = first(root, cac('AccountingSupplierParty'), cac('Party'));
  const currency = textAt(root, cbc('DocumentCurrencyCode'));
  return receivedInvoice({
    syntax: 'UBL',
    number: textAt(root, cbc('ID')),
    typeCode: bookedTypeCode(textAt(root, cbc('InvoiceTypeCode'))),
    issueDate: ublDay(textAt(root, cbc('IssueDate'))),
    currency,
    // BT-27, the legal name; a writer that gives only the trading name (BT-28) still names the seller.
    sellerName:
      textAt(party, cac('PartyLegalEntity'), cbc('RegistrationName')) ??
      textAt(party, cac('PartyName'), cbc('Name')),
    sellerVatId: sellerVatId(party),
    netCents: amountCents(
      textAt(root, cac('LegalMonetaryTotal'), cbc('TaxExclusiveAmount')),
      'the net total',
    ),
    taxCents: taxTotal(root, currency),
  });
}
