import { type ReceivedInvoice, receivedInvoice } from './invoice';
import { amountCents, bookedTypeCode, ciiDay } from './values';
import { all, first, type Step, textAt, type XmlElement } from './xml-tree';

/**
 * A UN/CEFACT Cross Industry Invoice (D16B, EN 16931's CII binding: XRechnung CII and the XML a
 * ZUGFeRD 2 / Factur-X PDF embeds) read into a {@link ReceivedInvoice}.
 */

export const CII_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM_NS = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const UDT_NS = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';

const rsm = (local: string): Step => [CII_NS, local];
const ram = (local: string): Step => [RAM_NS, local];

/** Whether the root is a CII invoice. */
export const isCii = (root: XmlElement) => root.ns === CII_NS && root.local === 'CrossIndustryInvoice';

/**
 * BT-110: the `TaxTotalAmount` in the invoice's currency (a second one may give the VAT in the
 * tax currency, BT-111); one without a currency if none names it; none at all is no VAT.
 */
function taxTotal(summation: XmlElement | undefined, currency: string | undefined) {
  const amounts = all(summation, ram('TaxTotalAmount'));
  const inCurrency =
    amounts.find((a) => a.attrs.currencyID === currency) ?? amounts.find((a) => !a.attrs.currencyID);
  return inCurrency ? amountCents(inCurrency.text, 'the VAT total') : 0;
}

/** BT-31: the seller's tax registration with scheme `VA`. */
function sellerVatId(seller: XmlElement | undefined) {
  return all(seller, ram('SpecifiedTaxRegistration'), ram('ID')).find((id) => id.attrs.schemeID === 'VA')
    ?.text;
}

export function readCii(root: XmlElement): ReceivedInvoice {
  const header = first(root, rsm('ExchangedDocument'));
  const transaction = first(root, rsm('SupplyChainTradeTransaction'));
  const seller = first(transaction, ram('ApplicableHeaderTradeAgreement'), ram('SellerTradeParty'));
  const settlement = first(transaction, ram('ApplicableHeaderTradeSettlement'));
  const summation = first(settlement, ram('SpecifiedTradeSettlementHeaderMonetarySummation'));
  const currency = textAt(settlement, ram('InvoiceCurrencyCode'));
  const issued = first(header, ram('IssueDateTime'), [UDT_NS, 'DateTimeString']);
  return receivedInvoice({
    syntax: 'CII',
    number: textAt(header, ram('ID')),
    typeCode: bookedTypeCode(textAt(header, ram('TypeCode'))),
    issueDate: ciiDay(issued?.text, issued?.attrs.format),
    currency,
    sellerName: textAt(seller, ram('Name')),
    sellerVatId: sellerVatId(seller),
    netCents: amountCents(textAt(summation, ram('TaxBasisTotalAmount')), 'the net total'),
    taxCents: taxTotal(summation, currency),
  });
}
