import type { Language } from '../../../../contract/enums';
import { centsToAmount } from '../../../../contract/money';
import type { Invoice, InvoiceSettings } from '../../../../contract/responses';
import type { InvoiceRecord, InvoiceSettingsRecord } from '../../../data/billing/invoices';

/** The API's shapes of an invoice and of the issuer settings, made from their records. */

export function toInvoice(r: InvoiceRecord): Invoice {
  return {
    _id: r.invoiceId,
    number: r.number,
    status: r.status,
    clientId: r.clientId,
    client: { ...r.client },
    startdate: r.startdate,
    enddate: r.enddate,
    currency: r.currency,
    lines: r.lines.map((l) => ({
      projectId: l.projectId,
      description: l.description,
      hours: l.hoursHundredths / 100,
      rate: centsToAmount(l.rateCents),
      amount: centsToAmount(l.amountCents),
    })),
    subtotal: centsToAmount(r.subtotalCents),
    taxRate: r.taxRateHundredths / 100,
    tax: centsToAmount(r.taxCents),
    total: centsToAmount(r.totalCents),
    reverseCharge: r.reverseCharge,
    notes: r.notes,
    entryCount: r.entryCount,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
    paidDate: r.paidDate,
    voidedAt: r.voidedAt,
  };
}

/** The settings as answered: the contact defaults to the name, the language to the user's. */
export const toInvoiceSettings = (
  s: InvoiceSettingsRecord,
  userLanguage: Language | null,
): InvoiceSettings => ({
  ...s,
  contactName: s.contactName || s.name,
  invoiceLanguage: s.invoiceLanguage ?? userLanguage ?? 'en',
});
