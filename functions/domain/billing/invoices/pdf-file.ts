import { getInvoiceSettings, listInvoiceEntries } from '../../../data/billing/invoices';
import type { UserRecord } from '../../../data/identity/users';
import { pdfLabels } from './pdf/labels';
import { ownInvoice } from './status';

/**
 * `GET /api/invoices/{id}/pdf`: the invoice with its entry copies and its issuer (the copy taken
 * when it was sent; a draft shows the current settings), in the user's language and number format.
 * The PDF code is loaded here, on demand, so no other function of the module graph carries it.
 */
export async function invoicePdf(user: UserRecord, invoiceId: string) {
  const invoice = await ownInvoice(user, invoiceId);
  const [entries, settings, { renderInvoicePdf }] = await Promise.all([
    listInvoiceEntries(user._id, invoice.invoiceId),
    invoice.issuer ? Promise.resolve(invoice.issuer) : getInvoiceSettings(user._id),
    import('./pdf/invoice-pdf'),
  ]);
  const { bytes, missing } = await renderInvoicePdf({
    invoice,
    entries,
    issuer: settings,
    language: user.language,
    numberFormat: user.numberFormat,
  });
  const labels = pdfLabels(user.language);
  const name = `${labels.invoice}-${invoice.number ?? `${labels.draft}-${invoice.createdAt.slice(0, 10)}`}`;
  // A file name is a header value: only safe ASCII letters, digits and - _ . stay.
  return { bytes, missing, fileName: `${name.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf` };
}
