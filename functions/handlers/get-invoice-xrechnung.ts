import * as invoices from '../../contract/endpoints/invoices';
import { storedDocument } from '../domain/billing/invoices/downloads';
import { respondBinary, route } from '../http';

/**
 * GET /api/invoices/{id}/xrechnung — the issued invoice's XRechnung 3.0 (CII) as stored when it was sent
 * (`application/xml`, an attachment); a draft: 409 `INVOICE_NOT_ISSUED`; another user's: 404.
 */
export const handler = route(invoices.getInvoiceXrechnung, async ({ user, path }) => {
  const { bytes, fileName } = await storedDocument(user, path.id, 'xrechnung');
  return respondBinary(200, bytes, {
    'content-type': 'application/xml',
    'content-disposition': `attachment; filename="${fileName}"`,
  });
});
