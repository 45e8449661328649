import * as invoices from '../../contract/endpoints/invoices';
import { invoicePdf } from '../domain/billing/invoices/pdf-file';
import { respondBinary, route } from '../http';

/** GET /api/invoices/{id}/pdf — the invoice as `application/pdf`, an attachment; another user's: 404. */
export const handler = route(invoices.getInvoicePdf, async ({ user, path }) => {
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
