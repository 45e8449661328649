import { ConflictError } from '../../../lib/errors';
import { pdfLabels } from './pdf/labels';
import { ownInvoice } from './status';

/**
 * The e-invoice downloads (CONTRACT §9): the bytes stored when the invoice was sent, the same on
 * every download whatever changed since. A draft has none: 409 `INVOICE_NOT_ISSUED`.
 */
export async function storedDocument(
  user: Parameters<typeof ownInvoice>[0],
  invoiceId: string,
  kind: 'pdf' | 'xrechnung' | 'ubl',
) {
  const invoice = await ownInvoice(user, invoiceId);
  const document = invoice.documents?.find((d) => d.kind === kind);
  if (!document) throw new ConflictError('INVOICE_NOT_ISSUED');
  const { readDocument } = await import('./einvoice-files');
  const labels = pdfLabels(user.language);
  const extension = kind === 'pdf' ? 'pdf' : 'xml';
  const suffix = kind === 'pdf' ? '' : `-${kind}`;
  const name = `${labels.invoice}-${invoice.number ?? invoice.invoiceId}${suffix}`;
  return {
    bytes: await readDocument(document),
    // A file name is a header value: only safe ASCII letters, digits and - _ . stay.
    fileName: `${name.replace(/[^A-Za-z0-9._-]+/g, '_')}.${extension}`,
  };
}
