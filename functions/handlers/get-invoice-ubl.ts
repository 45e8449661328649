import * as invoices from '../../contract/endpoints/invoices';
import { storedDocument } from '../domain/billing/invoices/downloads';
import { respondBinary, route } from '../http';

/**
 * GET /api/invoices/{id}/ubl — the issued invoice's XRechnung in UBL 2.1 as stored when it was sent
 * (`application/xml`, an attachment); a draft: 409 `INVOICE_NOT_ISSUED`; another user's: 404.
 */
export const handler = route(invoices.getInvoiceUbl, async ({ user, path }) => {
  const { bytes, fileName } = await storedDocument(user, path.id, 'ubl');
  return respondBinary(200, bytes, {
    'content-type': 'application/xml',
    'content-disposition': `attachment; filename="${fileName}"`,
  });
});
