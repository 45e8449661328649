import type { EInvoiceDocument, EInvoiceLine } from './document';
import { paymentTerms, sellerIdentifiers, taxExemptionCode } from './parties';
import {
  amount,
  hasText,
  leaf,
  node,
  optionalLeaf,
  percent,
  required,
  thousandths,
  XML_DECLARATION,
} from './xml';
import { PEPPOL_BILLING, XRECHNUNG_GUIDELINE } from './xrechnung';

/**
 * The document as XRechnung 3.0 in UBL 2.1 syntax (`GET /api/invoices/{id}/ubl`): an `Invoice`, or
 * a `CreditNote` for a credit note (its lines `CreditNoteLine`, its due date in the payment means,
 * where UBL's credit note keeps it), element order as UBL's schema asks.
 */

const UBL = 'urn:oasis:names:specification:ubl:schema:xsd';
const COMMON = {
  'xmlns:cac': `${UBL}:CommonAggregateComponents-2`,
  'xmlns:cbc': `${UBL}:CommonBasicComponents-2`,
};

function money(doc: EInvoiceDocument, name: string, cents: number) {
  return leaf(name, amount(cents), { currencyID: doc.currency });
}

/** The tax category as a breakdown (`TaxCategory`) or on a line (`ClassifiedTaxCategory`). */
function taxCategory(doc: EInvoiceDocument, name: string, withReason: boolean) {
  // A line of an O document carries no rate (BR-O-05); the breakdown carries 0 (BR-DE-14).
  const rate =
    name === 'cac:ClassifiedTaxCategory' && doc.taxCategory === 'O' ? undefined : percent(doc.taxRate);
  return node(name, [
    leaf('cbc:ID', doc.taxCategory),
    rate !== undefined && leaf('cbc:Percent', rate),
    withReason && optionalLeaf('cbc:TaxExemptionReasonCode', taxExemptionCode(doc.taxCategory)),
    withReason && optionalLeaf('cbc:TaxExemptionReason', doc.exemptionReason),
    node('cac:TaxScheme', [leaf('cbc:ID', 'VAT')]),
  ]);
}

function address(party: { street?: string; postcode: string; city: string; country: string }) {
  return node('cac:PostalAddress', [
    optionalLeaf('cbc:StreetName', party.street),
    leaf('cbc:CityName', required(party.city)),
    leaf('cbc:PostalZone', required(party.postcode)),
    node('cac:Country', [leaf('cbc:IdentificationCode', party.country.toUpperCase())]),
  ]);
}

const taxScheme = (id: string | undefined, scheme: 'VAT' | 'FC') =>
  hasText(id)
    ? node('cac:PartyTaxScheme', [leaf('cbc:CompanyID', id), node('cac:TaxScheme', [leaf('cbc:ID', scheme)])])
    : undefined;

function seller(doc: EInvoiceDocument) {
  const { seller: s } = doc;
  const ids = sellerIdentifiers(doc);
  return node('cac:AccountingSupplierParty', [
    node('cac:Party', [
      leaf('cbc:EndpointID', required(s.email), { schemeID: 'EM' }),
      hasText(ids.sellerId) && node('cac:PartyIdentification', [leaf('cbc:ID', ids.sellerId)]),
      address(s),
      taxScheme(ids.vatId, 'VAT'),
      taxScheme(ids.taxNumber, 'FC'),
      node('cac:PartyLegalEntity', [leaf('cbc:RegistrationName', required(s.name))]),
      node('cac:Contact', [
        leaf('cbc:Name', required(s.contactName)),
        leaf('cbc:Telephone', required(s.phone)),
        leaf('cbc:ElectronicMail', required(s.email)),
      ]),
    ]),
  ]);
}

function buyer(doc: EInvoiceDocument) {
  const { buyer: b } = doc;
  return node('cac:AccountingCustomerParty', [
    node('cac:Party', [
      optionalLeaf('cbc:EndpointID', b.email, { schemeID: 'EM' }),
      address(b),
      taxScheme(sellerIdentifiers(doc).buyerVatId, 'VAT'),
      node('cac:PartyLegalEntity', [leaf('cbc:RegistrationName', required(b.name))]),
    ]),
  ]);
}

function paymentMeans(doc: EInvoiceDocument) {
  const { seller: s } = doc;
  return node('cac:PaymentMeans', [
    leaf('cbc:PaymentMeansCode', '58'),
    doc.kind === 'creditNote' && leaf('cbc:PaymentDueDate', doc.dueDate),
    hasText(s.iban) &&
      node('cac:PayeeFinancialAccount', [
        leaf('cbc:ID', s.iban),
        hasText(s.bic) && node('cac:FinancialInstitutionBranch', [leaf('cbc:ID', s.bic)]),
      ]),
  ]);
}

function totals(doc: EInvoiceDocument) {
  const t = doc.totals;
  return [
    node('cac:TaxTotal', [
      money(doc, 'cbc:TaxAmount', t.taxCents),
      node('cac:TaxSubtotal', [
        money(doc, 'cbc:TaxableAmount', t.netCents),
        money(doc, 'cbc:TaxAmount', t.taxCents),
        taxCategory(doc, 'cac:TaxCategory', true),
      ]),
    ]),
    node('cac:LegalMonetaryTotal', [
      money(doc, 'cbc:LineExtensionAmount', t.netCents),
      money(doc, 'cbc:TaxExclusiveAmount', t.netCents),
      money(doc, 'cbc:TaxInclusiveAmount', t.grossCents),
      money(doc, 'cbc:PayableAmount', t.dueCents),
    ]),
  ];
}

function line(doc: EInvoiceDocument, item: EInvoiceLine, index: number) {
  const credit = doc.kind === 'creditNote';
  return node(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
    leaf('cbc:ID', String(index + 1)),
    leaf(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', thousandths(item.quantityThousandths), {
      unitCode: item.unit,
    }),
    money(doc, 'cbc:LineExtensionAmount', item.netCents),
    node('cac:Item', [
      optionalLeaf('cbc:Description', item.description),
      leaf('cbc:Name', required(item.name)),
      taxCategory(doc, 'cac:ClassifiedTaxCategory', false),
    ]),
    node('cac:Price', [money(doc, 'cbc:PriceAmount', item.priceCents)]),
  ]);
}

/** The document as XRechnung UBL: `Invoice` (380) or `CreditNote` (381). */
export function xrechnungUbl(doc: EInvoiceDocument): string {
  const credit = doc.kind === 'creditNote';
  const root = credit ? 'CreditNote' : 'Invoice';
  return (
    XML_DECLARATION +
    node(
      root,
      [
        leaf('cbc:CustomizationID', XRECHNUNG_GUIDELINE),
        leaf('cbc:ProfileID', PEPPOL_BILLING),
        leaf('cbc:ID', doc.number),
        leaf('cbc:IssueDate', doc.issueDate),
        !credit && leaf('cbc:DueDate', doc.dueDate),
        leaf(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380'),
        optionalLeaf('cbc:Note', doc.notes),
        leaf('cbc:DocumentCurrencyCode', doc.currency),
        leaf('cbc:BuyerReference', hasText(doc.buyerReference) ? doc.buyerReference : doc.number),
        node('cac:InvoicePeriod', [
          leaf('cbc:StartDate', doc.period.start),
          leaf('cbc:EndDate', doc.period.end),
        ]),
        doc.precedingInvoice &&
          node('cac:BillingReference', [
            node('cac:InvoiceDocumentReference', [
              leaf('cbc:ID', doc.precedingInvoice.number),
              leaf('cbc:IssueDate', doc.precedingInvoice.issueDate),
            ]),
          ]),
        seller(doc),
        buyer(doc),
        paymentMeans(doc),
        node('cac:PaymentTerms', [leaf('cbc:Note', paymentTerms(doc))]),
        ...totals(doc),
        ...doc.lines.map((item, i) => line(doc, item, i)),
      ],
      { xmlns: `${UBL}:${root}-2`, ...COMMON },
    )
  );
}
