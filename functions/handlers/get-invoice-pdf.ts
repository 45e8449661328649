import * as invoices from '../../contract/endpoints/invoices';
import { storedDocument } from '../domain/billing/invoices/downloads';
import { invoicePdf } from '../domain/billing/invoices/pdf-file';
import { respondBinary, route } from '../http';

/**
 * GET /api/invoices/{id}/pdf — the invoice as `application/pdf`, an attachment: once sent, the
 * Factur-X PDF/A-3 stored then (the same bytes every time); a draft (or an invoice sent before
 * release 4, which has none), drawn now. Another user's: 404.
 */
export const handler = route(invoices.getInvoicePdf, async ({ user, path }) => {
  const stored = await storedDocument(user, path.id, 'pdf').catch((error: unknown) => {
    if ((error as { code?: string }).code === 'INVOICE_NOT_ISSUED') return undefined;
    throw error;
  });
  if (stored) {
    return respondBinary(200, stored.bytes, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${stored.fileName}"`,
    });
  }
  const { bytes, fileName, missing } = await invoicePdf(user, path.id);
  return respondBinary(200, bytes, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${fileName}"`,
    // The characters no font could draw (shown as U+FFFD in the PDF and listed at its end).
    ...(missing.length > 0
      ? {
          'x-missing-glyphs': missing
            .map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
            .join(' '),
        }
      : {}),
  });
});
