import type { Language } from '../../../../contract/enums';

/**
 * What a final e-invoice is made of (CONTRACT §9), as plain data: everything the CII, the UBL and
 * the Factur-X PDF carry, frozen when the invoice is sent. Money is in integer cents, the tax rate
 * in hundredths of a percent (19 % → 1900) and quantities in thousandths (1.5 hours → 1500), as the
 * code base keeps them, so every figure of the document is exact. The BT/BG numbers are EN 16931's.
 */

/** EN 16931's VAT category (BT-118/BT-151): standard, zero, exempt, reverse charge, not subject. */
export type TaxCategory = 'S' | 'Z' | 'E' | 'AE' | 'O';

/** UN/ECE Rec. 20 unit of a line's quantity: hours, days, or a piece (fixed-price items). */
export type LineUnit = 'HUR' | 'DAY' | 'C62';

export interface EInvoiceSeller {
  name: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** BT-34 (the seller's electronic address) and BT-43 (the contact's email). */
  email: string;
  /** BT-42. */
  phone: string;
  /** BT-41. */
  contactName: string;
  /** USt-IdNr., BT-31. */
  vatId?: string;
  /** Steuernummer, BT-32. */
  taxNumber?: string;
  iban: string;
  bic?: string;
}

export interface EInvoiceBuyer {
  name: string;
  street?: string;
  postcode: string;
  city: string;
  country: string;
  /** BT-48. */
  vatId?: string;
  /** BT-49. */
  email?: string;
}

export interface EInvoiceLine {
  /** The item name (BT-153): the project, task or item. */
  name: string;
  /** BT-154. */
  description?: string;
  /** BT-129, in thousandths of the unit. */
  quantityThousandths: number;
  unit: LineUnit;
  /** The net price of one unit (BT-146), in cents. */
  priceCents: number;
  /** The line's net amount (BT-131), in cents: {@link lineNetCents} of quantity and price. */
  netCents: number;
}

export interface EInvoiceTotals {
  /** BT-106 = BT-109 (no allowances or charges). */
  netCents: number;
  /** BT-110. */
  taxCents: number;
  /** BT-112. */
  grossCents: number;
  /** BT-115. */
  dueCents: number;
}

export interface EInvoiceDocument {
  kind: 'invoice' | 'creditNote';
  /** BT-1. */
  number: string;
  /** BT-2, yyyy-mm-dd. */
  issueDate: string;
  /** BT-9, yyyy-mm-dd. */
  dueDate: string;
  /** BT-5, ISO 4217. */
  currency: string;
  language: Language;
  /** BT-10: the buyer's reference (a public buyer's Leitweg-ID); the number when absent. */
  buyerReference?: string;
  /** BG-14, yyyy-mm-dd. */
  period: { start: string; end: string };
  /** BG-3: the invoice a credit note cancels. */
  precedingInvoice?: { number: string; issueDate: string };
  /** BT-22. */
  notes?: string;
  seller: EInvoiceSeller;
  buyer: EInvoiceBuyer;
  taxCategory: TaxCategory;
  /** Hundredths of a percent; 0 for every category but S. */
  taxRate: number;
  /** BT-120, the note the law asks for (E, AE, O): {@link taxTreatment}'s `note`. */
  exemptionReason?: string;
  lines: EInvoiceLine[];
  totals: EInvoiceTotals;
}

/** The member states of the EU (ISO 3166-1 alpha-2), for the "outside the EU" treatment. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

const NOTES = {
  // E and AE as CONTRACT §9 words them; the contract gives O none, and the rules ask one (BR-O-10).
  E: {
    de: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    en: 'No VAT is charged under section 19 of the German VAT Act (small business).',
  },
  AE: { de: 'Steuerschuldnerschaft des Leistungsempfängers', en: 'Reverse charge' },
  O: {
    de: 'Nicht im Inland steuerbare Leistung',
    en: 'Not subject to VAT in Germany (place of supply abroad)',
  },
} as const satisfies Partial<Record<TaxCategory, Record<Language, string>>>;

export interface TaxTreatmentInput {
  /** The seller's §19 UStG setting. */
  smallBusiness: boolean;
  /** The invoice's reverse-charge flag. */
  reverseCharge: boolean;
  /** The buyer's country, ISO 3166-1 alpha-2. */
  buyerCountry: string;
  /** The invoice's tax rate, hundredths of a percent. */
  taxRate: number;
  language: Language;
}

export interface TaxTreatment {
  category: TaxCategory;
  /** The rate the document carries: the invoice's for S, else 0. */
  taxRate: number;
  /** The note printed on the PDF and written as the exemption reason (BT-120), if the category has one. */
  note?: string;
}

/**
 * CONTRACT §9's tax treatment, first rule that applies: §19 small business → E; reverse charge →
 * AE; a buyer outside the EU at rate 0 → O (not subject to VAT); rate > 0 → S; rate 0 → Z.
 */
export function taxTreatment(input: TaxTreatmentInput): TaxTreatment {
  const noted = (category: keyof typeof NOTES): TaxTreatment => ({
    category,
    taxRate: 0,
    note: NOTES[category][input.language],
  });
  if (input.smallBusiness) return noted('E');
  if (input.reverseCharge) return noted('AE');
  const outsideEu = !EU_COUNTRIES.has(input.buyerCountry.toUpperCase());
  if (input.taxRate === 0) return outsideEu ? noted('O') : { category: 'Z', taxRate: 0 };
  return { category: 'S', taxRate: input.taxRate };
}

/** `a × b ÷ d` rounded half up, for non-negative integers (BigInt: no product loses precision). */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const divisor = BigInt(d);
  return Number((BigInt(a) * BigInt(b) * 2n + divisor) / (2n * divisor));
}

/** A line's net amount: quantity × price, rounded half up to the cent. */
export const lineNetCents = (quantityThousandths: number, priceCents: number) =>
  mulDivHalfUp(quantityThousandths, priceCents, 1000);

/**
 * The document's totals from its lines: net the sum of the lines, tax the net × rate (S only; one
 * rate per document, so this is also BR-CO-17's per-category amount), gross and due net + tax.
 */
export function documentTotals(
  lines: readonly Pick<EInvoiceLine, 'netCents'>[],
  category: TaxCategory,
  taxRate: number,
): EInvoiceTotals {
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  const taxCents = category === 'S' ? mulDivHalfUp(netCents, taxRate, 10_000) : 0;
  const grossCents = netCents + taxCents;
  return { netCents, taxCents, grossCents, dueCents: grossCents };
}
