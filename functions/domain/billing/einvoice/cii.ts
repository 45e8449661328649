import type { EInvoiceDocument, EInvoiceLine } from './document';
import { paymentTerms, sellerIdentifiers, taxExemptionCode } from './parties';
import {
  amount,
  type Child,
  date102,
  hasText,
  leaf,
  node,
  optionalLeaf,
  percent,
  required,
  thousandths,
  XML_DECLARATION,
} from './xml';

/**
 * The document in UN/CEFACT Cross Industry Invoice syntax (D16B, EN 16931's CII binding), element
 * order as the schema asks. One writer for both uses: XRechnung 3.0 (`./xrechnung.ts`) and the
 * Factur-X EN 16931 profile embedded in the PDF (`./facturx.ts`); they differ only in the
 * specification identifier (BT-24) and the business process (BT-23).
 */

export interface CiiProfile {
  /** BT-24. */
  guideline: string;
  /** BT-23, if the profile names one. */
  businessProcess?: string;
}

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};

const dateTime = (name: string, isoDay: string, prefix = 'udt') =>
  node(name, [leaf(`${prefix}:DateTimeString`, date102(isoDay), { format: '102' })]);

/**
 * The line's rate (BT-152) for every category but O, whose lines must carry none (BR-O-05); the
 * breakdown's rate (BT-119) always, 0 for O, as XRechnung asks (BR-DE-14).
 */
const lineRate = (doc: EInvoiceDocument) =>
  doc.taxCategory === 'O' ? undefined : leaf('ram:RateApplicablePercent', percent(doc.taxRate));

function context(profile: CiiProfile) {
  return node('rsm:ExchangedDocumentContext', [
    profile.businessProcess &&
      node('ram:BusinessProcessSpecifiedDocumentContextParameter', [leaf('ram:ID', profile.businessProcess)]),
    node('ram:GuidelineSpecifiedDocumentContextParameter', [leaf('ram:ID', profile.guideline)]),
  ]);
}

function header(doc: EInvoiceDocument) {
  return node('rsm:ExchangedDocument', [
    leaf('ram:ID', doc.number),
    leaf('ram:TypeCode', doc.kind === 'creditNote' ? '381' : '380'),
    dateTime('ram:IssueDateTime', doc.issueDate),
    hasText(doc.notes) && node('ram:IncludedNote', [leaf('ram:Content', doc.notes)]),
  ]);
}

function line(doc: EInvoiceDocument, item: EInvoiceLine, index: number) {
  return node('ram:IncludedSupplyChainTradeLineItem', [
    node('ram:AssociatedDocumentLineDocument', [leaf('ram:LineID', String(index + 1))]),
    node('ram:SpecifiedTradeProduct', [
      leaf('ram:Name', required(item.name)),
      optionalLeaf('ram:Description', item.description),
    ]),
    node('ram:SpecifiedLineTradeAgreement', [
      node('ram:NetPriceProductTradePrice', [leaf('ram:ChargeAmount', amount(item.priceCents))]),
    ]),
    node('ram:SpecifiedLineTradeDelivery', [
      leaf('ram:BilledQuantity', thousandths(item.quantityThousandths), { unitCode: item.unit }),
    ]),
    node('ram:SpecifiedLineTradeSettlement', [
      node('ram:ApplicableTradeTax', [
        leaf('ram:TypeCode', 'VAT'),
        leaf('ram:CategoryCode', doc.taxCategory),
        lineRate(doc),
      ]),
      node('ram:SpecifiedTradeSettlementLineMonetarySummation', [
        leaf('ram:LineTotalAmount', amount(item.netCents)),
      ]),
    ]),
  ]);
}

function address(party: { street?: string; postcode: string; city: string; country: string }) {
  return node('ram:PostalTradeAddress', [
    leaf('ram:PostcodeCode', required(party.postcode)),
    optionalLeaf('ram:LineOne', party.street),
    leaf('ram:CityName', required(party.city)),
    leaf('ram:CountryID', party.country.toUpperCase()),
  ]);
}

const taxRegistration = (id: string | undefined, scheme: 'VA' | 'FC') =>
  hasText(id) ? node('ram:SpecifiedTaxRegistration', [leaf('ram:ID', id, { schemeID: scheme })]) : undefined;

const emailAddress = (email: string | undefined) =>
  hasText(email)
    ? node('ram:URIUniversalCommunication', [leaf('ram:URIID', email, { schemeID: 'EM' })])
    : undefined;

function agreement(doc: EInvoiceDocument) {
  const { seller, buyer } = doc;
  const ids = sellerIdentifiers(doc);
  return node('ram:ApplicableHeaderTradeAgreement', [
    leaf('ram:BuyerReference', hasText(doc.buyerReference) ? doc.buyerReference : doc.number),
    node('ram:SellerTradeParty', [
      optionalLeaf('ram:ID', ids.sellerId),
      leaf('ram:Name', required(seller.name)),
      node('ram:DefinedTradeContact', [
        leaf('ram:PersonName', required(seller.contactName)),
        node('ram:TelephoneUniversalCommunication', [leaf('ram:CompleteNumber', required(seller.phone))]),
        node('ram:EmailURIUniversalCommunication', [leaf('ram:URIID', required(seller.email))]),
      ]),
      address(seller),
      emailAddress(seller.email),
      taxRegistration(ids.vatId, 'VA'),
      taxRegistration(ids.taxNumber, 'FC'),
    ]),
    node('ram:BuyerTradeParty', [
      leaf('ram:Name', required(buyer.name)),
      address(buyer),
      emailAddress(buyer.email),
      taxRegistration(ids.buyerVatId, 'VA'),
    ]),
  ]);
}

function settlement(doc: EInvoiceDocument): Child {
  const { seller, totals } = doc;
  const money = (name: string, cents: number) => leaf(name, amount(cents));
  return node('ram:ApplicableHeaderTradeSettlement', [
    leaf('ram:InvoiceCurrencyCode', doc.currency),
    node('ram:SpecifiedTradeSettlementPaymentMeans', [
      leaf('ram:TypeCode', '58'),
      hasText(seller.iban) &&
        node('ram:PayeePartyCreditorFinancialAccount', [leaf('ram:IBANID', seller.iban)]),
      hasText(seller.bic) &&
        node('ram:PayeeSpecifiedCreditorFinancialInstitution', [leaf('ram:BICID', seller.bic)]),
    ]),
    node('ram:ApplicableTradeTax', [
      money('ram:CalculatedAmount', totals.taxCents),
      leaf('ram:TypeCode', 'VAT'),
      optionalLeaf('ram:ExemptionReason', doc.exemptionReason),
      money('ram:BasisAmount', totals.netCents),
      leaf('ram:CategoryCode', doc.taxCategory),
      optionalLeaf('ram:ExemptionReasonCode', taxExemptionCode(doc.taxCategory)),
      leaf('ram:RateApplicablePercent', percent(doc.taxRate)),
    ]),
    node('ram:BillingSpecifiedPeriod', [
      dateTime('ram:StartDateTime', doc.period.start),
      dateTime('ram:EndDateTime', doc.period.end),
    ]),
    node('ram:SpecifiedTradePaymentTerms', [
      leaf('ram:Description', paymentTerms(doc)),
      dateTime('ram:DueDateDateTime', doc.dueDate),
    ]),
    node('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
      money('ram:LineTotalAmount', totals.netCents),
      money('ram:TaxBasisTotalAmount', totals.netCents),
      leaf('ram:TaxTotalAmount', amount(totals.taxCents), { currencyID: doc.currency }),
      money('ram:GrandTotalAmount', totals.grossCents),
      money('ram:DuePayableAmount', totals.dueCents),
    ]),
    doc.precedingInvoice &&
      node('ram:InvoiceReferencedDocument', [
        leaf('ram:IssuerAssignedID', doc.precedingInvoice.number),
        dateTime('ram:FormattedIssueDateTime', doc.precedingInvoice.issueDate, 'qdt'),
      ]),
  ]);
}

/** The document as CII XML in the given profile. */
export function ciiXml(doc: EInvoiceDocument, profile: CiiProfile): string {
  return (
    XML_DECLARATION +
    node(
      'rsm:CrossIndustryInvoice',
      [
        context(profile),
        header(doc),
        node('rsm:SupplyChainTradeTransaction', [
          ...doc.lines.map((item, i) => line(doc, item, i)),
          agreement(doc),
          node('ram:ApplicableHeaderTradeDelivery', []),
          settlement(doc),
        ]),
      ],
      NAMESPACES,
    )
  );
}
