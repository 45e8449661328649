import { ulid } from 'ulid';
import { getClient } from '../../../data/billing/clients';
import { acquireInvoiceLease, releaseInvoiceLease } from '../../../data/billing/invoice-lease';
import { sendInvoice } from '../../../data/billing/invoice-send';
import { getInvoice, getInvoiceSettings, type InvoiceRecord } from '../../../data/billing/invoices';
import type { UserRecord } from '../../../data/identity/users';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { assertComplete, assertRateFitsEInvoice, buildEInvoice, clientCopy } from './einvoice-build';

/**
 * draft → sent (CONTRACT §9 "Sending makes a legal document"): refused with 400
 * `INVOICE_INCOMPLETE` while the e-invoice would lack a value (and `EINVOICE_TAX_RATE` for a rate it
 * cannot carry); else the e-invoice is made from the
 * invoice, the settings and the client as they are now, its documents are stored in S3 FIRST, and
 * only then does the invoice become sent (numbered, in one transaction with the year's counter).
 * A crash between the two leaves a draft, whose next send puts the same bytes again; sends of one
 * user run one at a time (the invoice lease), so a second tab finds the invoice sent and stores
 * nothing over its documents.
 */
export async function sendDraft(user: UserRecord, invoiceId: string, now: Date): Promise<InvoiceRecord> {
  const holder = ulid();
  await acquireInvoiceLease(user._id, holder);
  try {
    const invoice = await getInvoice(user._id, invoiceId);
    if (!invoice) throw new NotFoundError('INVOICE_NOT_FOUND');
    if (invoice.status !== 'draft') throw new ConflictError('INVOICE_STATUS_CHANGE');
    const [seller, client] = await Promise.all([
      getInvoiceSettings(user._id),
      getClient(user._id, invoice.clientId),
    ]);
    const buyer = clientCopy(client ?? invoice.client);
    assertComplete(invoice, seller, buyer);
    assertRateFitsEInvoice(invoice, seller);
    const { storeDocuments } = await import('./einvoice-files');
    const result = await sendInvoice(user._id, invoice.invoiceId, now, seller, async (number) => {
      const doc = buildEInvoice({ invoice, seller, buyer, user, number, sentAt: now });
      const documents = await storeDocuments(user._id, invoice.invoiceId, doc);
      return {
        einvoice: JSON.parse(JSON.stringify(doc)) as Record<string, unknown>,
        documents,
        client: buyer,
        subtotalCents: doc.totals.netCents,
        taxCents: doc.totals.taxCents,
        totalCents: doc.totals.grossCents,
      };
    });
    if (result.status === 'not-found') throw new NotFoundError('INVOICE_NOT_FOUND');
    if (result.status === 'not-draft') throw new ConflictError('INVOICE_STATUS_CHANGE');
    return result.invoice;
  } finally {
    await releaseInvoiceLease(user._id, holder);
  }
}
