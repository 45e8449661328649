import type { Language } from '../../../../contract/enums';
import { centsToAmount } from '../../../../contract/money';
import type { Invoice, InvoiceSettings } from '../../../../contract/responses';
import {
  getInvoiceSettings,
  type InvoiceRecord,
  type InvoiceSettingsRecord,
} from '../../../data/billing/invoices';
import type { TaxCategory } from '../einvoice/document';
import { invoiceTaxCategory } from './einvoice-build';

/** The API's shapes of an invoice and of the issuer settings, made from their records. */

/**
 * An invoice as answered. `smallBusiness` is the seller's §19 setting now, which decides a draft's
 * tax category; a sent invoice answers its e-invoice's. A category other than S charges no tax.
 */
export function toInvoice(r: InvoiceRecord, smallBusiness: boolean): Invoice {
  const taxCategory = (r.einvoice?.taxCategory ??
    invoiceTaxCategory(r, r.issuer ? r.issuer.smallBusiness === true : smallBusiness)) as TaxCategory;
  const taxCents = taxCategory === 'S' ? r.taxCents : 0;
  return {
    _id: r.invoiceId,
    number: r.number,
    status: r.status,
    clientId: r.clientId,
    client: { name: r.client.name, email: r.client.email, address: r.client.address, taxId: r.client.taxId },
    startdate: r.startdate,
    enddate: r.enddate,
    currency: r.currency,
    lines: r.lines.map((l) => ({
      projectId: l.projectId,
      description: l.description,
      hours: l.hoursHundredths / 100,
      rate: centsToAmount(l.rateCents),
      amount: centsToAmount(l.amountCents),
      quantity: l.hoursHundredths / 100,
      unit: l.unit ?? 'HUR',
      price: centsToAmount(l.rateCents),
    })),
    subtotal: centsToAmount(r.subtotalCents),
    taxRate: r.taxRateHundredths / 100,
    tax: centsToAmount(taxCents),
    total: centsToAmount(r.subtotalCents + taxCents),
    reverseCharge: r.reverseCharge,
    notes: r.notes,
    language: r.language ?? r.client.language ?? null,
    entryCount: r.entryCount,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
    paidDate: r.paidDate,
    voidedAt: r.voidedAt,
    taxCategory,
    documents: (r.documents ?? []).map(({ kind, sha256, bytes }) => ({ kind, sha256, bytes })),
    kind: r.kind ?? 'invoice',
    creditedInvoiceId: r.creditedInvoiceId ?? null,
    // Reserved before the credit note is issued: named once the invoice is void.
    creditNoteId: r.status === 'void' ? (r.creditNoteId ?? null) : null,
    emails: (r.emails ?? []).map(({ to, sentAt }) => ({ to, sentAt })),
    expenseIds: r.expenseIds ?? [],
  };
}

/** Whether the user is a §19 small business (their drafts' tax category is E). */
export const isSmallBusiness = async (userId: string) => (await getInvoiceSettings(userId)).smallBusiness;

/** The settings as answered: the contact defaults to the name, the language to the user's. */
export const toInvoiceSettings = (
  s: InvoiceSettingsRecord,
  userLanguage: Language | null,
): InvoiceSettings => ({
  ...s,
  contactName: s.contactName || s.name,
  invoiceLanguage: s.invoiceLanguage ?? userLanguage ?? 'en',
});
