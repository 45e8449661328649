import type { VatBasis } from '../../../../contract/enums';
import type { InvoiceRecord } from '../../../data/billing/invoices';
import { EU_COUNTRIES } from '../einvoice/document';

/**
 * What each stored invoice (and credit note) adds to a tax period (CONTRACT §9 "The tax period",
 * "Tax treatment of an invoice", "Credit notes instead of deletion"). Pure: the invoices are read
 * as they are stored, with the fields later releases add read when present.
 */

/** The EN 16931 VAT category of an invoice. */
export type TaxCategory = 'S' | 'Z' | 'E' | 'AE' | 'O';

/** One invoice's effect on the day it counts: net and VAT, positive, or negative for a credit note. */
export interface InvoiceTaxEvent {
  invoiceId: string;
  /** `yyyy-mm-dd`: paid (cash basis) or sent (accrual basis); a credit note's day it was issued. */
  day: string;
  category: TaxCategory;
  /** Hundredths of a percent (S and Z; 0 for the others). */
  rateHundredths: number;
  netCents: number;
  vatCents: number;
}

/** An invoice as stored, with what a later release may have added to it. */
type StoredInvoice = InvoiceRecord & {
  kind?: string;
  creditedInvoiceId?: string;
  taxCategory?: string;
  issueDate?: string;
  client: InvoiceRecord['client'] & { country?: string };
  issuer: (InvoiceRecord['issuer'] & { smallBusiness?: boolean }) | null;
};

const CATEGORIES: readonly string[] = ['S', 'Z', 'E', 'AE', 'O'];

/**
 * The category: the one stored on the invoice when there is one; else §9's rules, the first that
 * applies: the seller's §19 UStG setting (as sent, else `smallBusinessNow`) → E; reverse charge →
 * AE; a client outside the EU at rate 0 → O; rate > 0 → S; rate 0 → Z.
 */
export function invoiceTaxCategory(invoice: StoredInvoice, smallBusinessNow: boolean): TaxCategory {
  if (invoice.taxCategory && CATEGORIES.includes(invoice.taxCategory)) {
    return invoice.taxCategory as TaxCategory;
  }
  if (invoice.issuer?.smallBusiness ?? smallBusinessNow) return 'E';
  if (invoice.reverseCharge) return 'AE';
  const country = (invoice.client?.country ?? 'DE').toUpperCase();
  if (invoice.taxRateHundredths === 0) return EU_COUNTRIES.has(country) ? 'Z' : 'O';
  return 'S';
}

const dayOf = (iso: string | null | undefined) => (typeof iso === 'string' ? iso.slice(0, 10) : undefined);

/** The day an issued invoice or credit note was issued: its issue date, else the day it was sent. */
const issuedDay = (invoice: StoredInvoice) => dayOf(invoice.issueDate) ?? dayOf(invoice.sentAt);

/**
 * The tax events of a user's invoices on `basis`:
 * - an invoice counts once issued (sent, paid, or void with a credit note): accrual on the day it
 *   was issued, cash on the day it was paid (not at all while unpaid);
 * - a void invoice without a credit note (release 3 voided sent invoices without one) counts not
 *   at all: it was cancelled before it was ever paid;
 * - a credit note subtracts the same amounts on the day it was issued: always on accrual, and on
 *   cash when the invoice it credits had been paid (an unpaid one never counted);
 * - drafts count nothing.
 */
export function invoiceTaxEvents(
  invoices: readonly InvoiceRecord[],
  basis: VatBasis,
  smallBusinessNow: boolean,
): InvoiceTaxEvent[] {
  const stored = invoices as readonly StoredInvoice[];
  const byId = new Map(stored.map((i) => [i.invoiceId, i]));
  const credited = new Set(stored.filter(isCreditNote).map((c) => c.creditedInvoiceId));
  const events: InvoiceTaxEvent[] = [];
  for (const invoice of stored) {
    if (invoice.status === 'draft') continue;
    const original = isCreditNote(invoice) ? byId.get(invoice.creditedInvoiceId ?? '') : undefined;
    const day = isCreditNote(invoice)
      ? creditNoteDay(invoice, original, basis)
      : invoiceDay(invoice, basis, credited.has(invoice.invoiceId));
    if (!day) continue;
    const sign = isCreditNote(invoice) ? -1 : 1;
    // A credit note has its original's treatment (the same lines and amounts).
    const category = invoiceTaxCategory(
      original && !invoice.taxCategory ? original : invoice,
      smallBusinessNow,
    );
    const taxed = category === 'S' || category === 'Z';
    events.push({
      invoiceId: invoice.invoiceId,
      day,
      category,
      rateHundredths: taxed ? invoice.taxRateHundredths : 0,
      netCents: sign * Math.abs(invoice.subtotalCents),
      vatCents: taxed ? sign * Math.abs(invoice.taxCents) : 0,
    });
  }
  return events;
}

const isCreditNote = (invoice: StoredInvoice) => invoice.kind === 'creditNote';

function invoiceDay(invoice: StoredInvoice, basis: VatBasis, hasCreditNote: boolean) {
  if (invoice.status === 'void' && !hasCreditNote) return undefined;
  return basis === 'accrual' ? issuedDay(invoice) : (dayOf(invoice.paidDate) ?? undefined);
}

function creditNoteDay(note: StoredInvoice, original: StoredInvoice | undefined, basis: VatBasis) {
  if (basis === 'cash' && original && !original.paidDate) return undefined;
  return issuedDay(note);
}
