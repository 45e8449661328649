import { PDFDocument } from 'pdf-lib';

/**
 * Received e-invoices written by hand, as other sellers' software writes them — not by our own
 * generator: other namespace prefixes (or a default namespace), pretty-printed, amounts with one
 * decimal (`1234.5`), character references in names, a second VAT total in a tax currency.
 * Each is a complete EN 16931 invoice (checked by the official rules in `hand-made.test.ts`).
 */

/** A Dutch seller's UBL 2.1 invoice: default namespace for the root, `c:`/`b:` for the components. */
export const UBL_NL = {
  number: 'INV/2026/0815',
  issueDate: '2026-04-30',
  seller: 'Van der Berg & Zonen B.V.',
  vatId: 'NL859641302B01',
  netCents: 123_450,
  taxCents: 24_690,
  xml: `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
         xmlns:c="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
         xmlns:b="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <b:CustomizationID>urn:cen.eu:en16931:2017</b:CustomizationID>
  <b:ID>INV/2026/0815</b:ID>
  <b:IssueDate>2026-04-30</b:IssueDate>
  <b:DueDate>2026-05-30</b:DueDate>
  <b:InvoiceTypeCode>380</b:InvoiceTypeCode>
  <b:DocumentCurrencyCode>EUR</b:DocumentCurrencyCode>
  <b:BuyerReference>PO-77</b:BuyerReference>
  <c:AccountingSupplierParty>
    <c:Party>
      <c:PartyName><b:Name>Van der Berg</b:Name></c:PartyName>
      <c:PostalAddress>
        <b:StreetName>Keizersgracht 12</b:StreetName>
        <b:CityName>Amsterdam</b:CityName>
        <b:PostalZone>1015 CJ</b:PostalZone>
        <c:Country><b:IdentificationCode>NL</b:IdentificationCode></c:Country>
      </c:PostalAddress>
      <c:PartyTaxScheme>
        <b:CompanyID>NL859641302B01</b:CompanyID>
        <c:TaxScheme><b:ID>VAT</b:ID></c:TaxScheme>
      </c:PartyTaxScheme>
      <c:PartyLegalEntity>
        <b:RegistrationName>Van der Berg &amp; Zonen B.V.</b:RegistrationName>
      </c:PartyLegalEntity>
    </c:Party>
  </c:AccountingSupplierParty>
  <c:AccountingCustomerParty>
    <c:Party>
      <c:PostalAddress>
        <b:CityName>Berlin</b:CityName>
        <b:PostalZone>10115</b:PostalZone>
        <c:Country><b:IdentificationCode>DE</b:IdentificationCode></c:Country>
      </c:PostalAddress>
      <c:PartyLegalEntity><b:RegistrationName>Jana Schmidt</b:RegistrationName></c:PartyLegalEntity>
    </c:Party>
  </c:AccountingCustomerParty>
  <c:TaxTotal>
    <b:TaxAmount currencyID="EUR">246.9</b:TaxAmount>
    <c:TaxSubtotal>
      <b:TaxableAmount currencyID="EUR">1234.5</b:TaxableAmount>
      <b:TaxAmount currencyID="EUR">246.9</b:TaxAmount>
      <c:TaxCategory>
        <b:ID>S</b:ID>
        <b:Percent>20</b:Percent>
        <c:TaxScheme><b:ID>VAT</b:ID></c:TaxScheme>
      </c:TaxCategory>
    </c:TaxSubtotal>
  </c:TaxTotal>
  <c:LegalMonetaryTotal>
    <b:LineExtensionAmount currencyID="EUR">1234.5</b:LineExtensionAmount>
    <b:TaxExclusiveAmount currencyID="EUR">1234.5</b:TaxExclusiveAmount>
    <b:TaxInclusiveAmount currencyID="EUR">1481.4</b:TaxInclusiveAmount>
    <b:PayableAmount currencyID="EUR">1481.4</b:PayableAmount>
  </c:LegalMonetaryTotal>
  <c:InvoiceLine>
    <b:ID>1</b:ID>
    <b:InvoicedQuantity unitCode="C62">3</b:InvoicedQuantity>
    <b:LineExtensionAmount currencyID="EUR">1234.5</b:LineExtensionAmount>
    <c:Item>
      <b:Name>Standing desk</b:Name>
      <c:ClassifiedTaxCategory>
        <b:ID>S</b:ID>
        <b:Percent>20</b:Percent>
        <c:TaxScheme><b:ID>VAT</b:ID></c:TaxScheme>
      </c:ClassifiedTaxCategory>
    </c:Item>
    <c:Price><b:PriceAmount currencyID="EUR">411.5</b:PriceAmount></c:Price>
  </c:InvoiceLine>
</Invoice>
`,
};

/**
 * A German seller's CII (Factur-X EN 16931 profile): prefixes `inv:`, `a:` and `d:`, the seller's
 * name with decimal and hexadecimal character references, a VAT ID written with spaces, and a
 * second `TaxTotalAmount` in another currency (BT-111) that is not the invoice's VAT total.
 */
export const CII_DE = {
  number: '2026-117',
  issueDate: '2026-01-15',
  seller: 'Bürobedarf Müller GmbH',
  vatId: 'DE136695976',
  netCents: 8_990,
  taxCents: 1_708,
  xml: `<?xml version="1.0" encoding="UTF-8"?>
<inv:CrossIndustryInvoice xmlns:inv="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
    xmlns:a="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
    xmlns:d="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <inv:ExchangedDocumentContext>
    <a:GuidelineSpecifiedDocumentContextParameter>
      <a:ID>urn:cen.eu:en16931:2017</a:ID>
    </a:GuidelineSpecifiedDocumentContextParameter>
  </inv:ExchangedDocumentContext>
  <inv:ExchangedDocument>
    <a:ID>2026-117</a:ID>
    <a:TypeCode>380</a:TypeCode>
    <a:IssueDateTime><d:DateTimeString format="102">20260115</d:DateTimeString></a:IssueDateTime>
  </inv:ExchangedDocument>
  <inv:SupplyChainTradeTransaction>
    <a:IncludedSupplyChainTradeLineItem>
      <a:AssociatedDocumentLineDocument><a:LineID>1</a:LineID></a:AssociatedDocumentLineDocument>
      <a:SpecifiedTradeProduct><a:Name>Druckerpapier A4, 10 Pakete</a:Name></a:SpecifiedTradeProduct>
      <a:SpecifiedLineTradeAgreement>
        <a:NetPriceProductTradePrice><a:ChargeAmount>8.99</a:ChargeAmount></a:NetPriceProductTradePrice>
      </a:SpecifiedLineTradeAgreement>
      <a:SpecifiedLineTradeDelivery><a:BilledQuantity unitCode="C62">10</a:BilledQuantity></a:SpecifiedLineTradeDelivery>
      <a:SpecifiedLineTradeSettlement>
        <a:ApplicableTradeTax>
          <a:TypeCode>VAT</a:TypeCode>
          <a:CategoryCode>S</a:CategoryCode>
          <a:RateApplicablePercent>19</a:RateApplicablePercent>
        </a:ApplicableTradeTax>
        <a:SpecifiedTradeSettlementLineMonetarySummation>
          <a:LineTotalAmount>89.9</a:LineTotalAmount>
        </a:SpecifiedTradeSettlementLineMonetarySummation>
      </a:SpecifiedLineTradeSettlement>
    </a:IncludedSupplyChainTradeLineItem>
    <a:ApplicableHeaderTradeAgreement>
      <a:SellerTradeParty>
        <a:Name>B&#252;robedarf M&#xFC;ller
          GmbH</a:Name>
        <a:PostalTradeAddress>
          <a:PostcodeCode>80331</a:PostcodeCode>
          <a:LineOne>Sendlinger Str. 1</a:LineOne>
          <a:CityName>München</a:CityName>
          <a:CountryID>DE</a:CountryID>
        </a:PostalTradeAddress>
        <a:SpecifiedTaxRegistration><a:ID schemeID="FC">143/100/12345</a:ID></a:SpecifiedTaxRegistration>
        <a:SpecifiedTaxRegistration><a:ID schemeID="VA">DE 136 695 976</a:ID></a:SpecifiedTaxRegistration>
      </a:SellerTradeParty>
      <a:BuyerTradeParty>
        <a:Name>Jana Schmidt</a:Name>
        <a:PostalTradeAddress>
          <a:PostcodeCode>10115</a:PostcodeCode>
          <a:CityName>Berlin</a:CityName>
          <a:CountryID>DE</a:CountryID>
        </a:PostalTradeAddress>
      </a:BuyerTradeParty>
    </a:ApplicableHeaderTradeAgreement>
    <a:ApplicableHeaderTradeDelivery/>
    <a:ApplicableHeaderTradeSettlement>
      <a:TaxCurrencyCode>CHF</a:TaxCurrencyCode>
      <a:InvoiceCurrencyCode>EUR</a:InvoiceCurrencyCode>
      <a:ApplicableTradeTax>
        <a:CalculatedAmount>17.08</a:CalculatedAmount>
        <a:TypeCode>VAT</a:TypeCode>
        <a:BasisAmount>89.9</a:BasisAmount>
        <a:CategoryCode>S</a:CategoryCode>
        <a:RateApplicablePercent>19</a:RateApplicablePercent>
      </a:ApplicableTradeTax>
      <a:SpecifiedTradePaymentTerms>
        <a:DueDateDateTime><d:DateTimeString format="102">20260214</d:DateTimeString></a:DueDateDateTime>
      </a:SpecifiedTradePaymentTerms>
      <a:SpecifiedTradeSettlementHeaderMonetarySummation>
        <a:LineTotalAmount>89.9</a:LineTotalAmount>
        <a:TaxBasisTotalAmount>89.9</a:TaxBasisTotalAmount>
        <a:TaxTotalAmount currencyID="CHF">16.02</a:TaxTotalAmount>
        <a:TaxTotalAmount currencyID="EUR">17.08</a:TaxTotalAmount>
        <a:GrandTotalAmount>106.98</a:GrandTotalAmount>
        <a:DuePayableAmount>106.98</a:DuePayableAmount>
      </a:SpecifiedTradeSettlementHeaderMonetarySummation>
    </a:ApplicableHeaderTradeSettlement>
  </inv:SupplyChainTradeTransaction>
</inv:CrossIndustryInvoice>
`,
};

/** A one-page PDF with nothing embedded (what a seller's plain PDF invoice is). */
export async function plainPdf(text = 'Rechnung'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const page = pdf.addPage([200, 200]);
  page.drawText(text.replace(/[^\x20-\x7E]/g, '?'), { x: 20, y: 100, size: 12 });
  return pdf.save();
}

/** A PDF with the given files attached under their names (a ZUGFeRD 2.0 `zugferd-invoice.xml`, a wrong name …). */
export async function pdfWith(files: { name: string; xml: string | Uint8Array }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(await plainPdf(), { updateMetadata: false });
  for (const file of files) {
    const bytes = typeof file.xml === 'string' ? Buffer.from(file.xml, 'utf8') : file.xml;
    await pdf.attach(bytes, file.name, { mimeType: 'text/xml' });
  }
  return pdf.save();
}

/** The document with its text replaced (another number, seller, type code …). */
export const edited = (xml: string, replacements: [string | RegExp, string][]) =>
  replacements.reduce((text, [from, to]) => text.replace(from, to), xml);

export const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
