import {
  documentTotals,
  type EInvoiceDocument,
  type EInvoiceLine,
  lineNetCents,
  type TaxCategory,
  taxTreatment,
} from '../../functions/domain/billing/einvoice/document';

/**
 * Hand-made e-invoice documents for the tests: one per tax treatment, built the way the app builds
 * them (treatment from `taxTreatment`, line amounts and totals from the document's arithmetic).
 */

export const line = (
  name: string,
  quantityThousandths: number,
  priceCents: number,
  unit: EInvoiceLine['unit'] = 'HUR',
): EInvoiceLine => ({
  name,
  quantityThousandths,
  unit,
  priceCents,
  netCents: lineNetCents(quantityThousandths, priceCents),
});

const TREATMENTS: Record<
  TaxCategory,
  { smallBusiness: boolean; reverseCharge: boolean; country: string; taxRate: number }
> = {
  S: { smallBusiness: false, reverseCharge: false, country: 'DE', taxRate: 1900 },
  Z: { smallBusiness: false, reverseCharge: false, country: 'DE', taxRate: 0 },
  E: { smallBusiness: true, reverseCharge: false, country: 'DE', taxRate: 1900 },
  AE: { smallBusiness: false, reverseCharge: true, country: 'AT', taxRate: 1900 },
  O: { smallBusiness: false, reverseCharge: false, country: 'US', taxRate: 0 },
};

/** A complete invoice of the category, in the language, with the given lines. */
export function sampleDocument(
  category: TaxCategory,
  overrides: Partial<EInvoiceDocument> = {},
  lines: EInvoiceLine[] = [line('Website relaunch', 12_500, 9_000), line('Hosting', 1000, 4_999, 'C62')],
): EInvoiceDocument {
  const t = TREATMENTS[category];
  const language = overrides.language ?? 'de';
  const treatment = taxTreatment({
    smallBusiness: t.smallBusiness,
    reverseCharge: t.reverseCharge,
    buyerCountry: t.country,
    taxRate: t.taxRate,
    language,
  });
  return {
    kind: 'invoice',
    number: 'RE-2026-0042',
    issueDate: '2026-03-02',
    dueDate: '2026-03-16',
    currency: 'EUR',
    language,
    period: { start: '2026-02-01', end: '2026-02-28' },
    seller: {
      name: 'Jana Schmidt Webentwicklung',
      street: 'Lindenstraße 5',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      email: 'jana@example.com',
      phone: '+49 30 1234567',
      contactName: 'Jana Schmidt',
      vatId: 'DE123456789',
      taxNumber: '12/345/67890',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    },
    buyer: {
      name: 'Beispiel GmbH',
      street: 'Hauptstraße 1',
      postcode: '1010',
      city: 'Wien',
      country: t.country,
      vatId: category === 'O' ? undefined : 'ATU12345678',
      email: 'buchhaltung@example.org',
    },
    taxCategory: treatment.category,
    taxRate: treatment.taxRate,
    exemptionReason: treatment.note,
    lines,
    totals: documentTotals(lines, treatment.category, treatment.taxRate),
    ...overrides,
  };
}
