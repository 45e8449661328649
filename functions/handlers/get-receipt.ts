import * as receipts from '../../contract/endpoints/receipts';
import { receiptDownloadUrl } from '../domain/tracking/receipts/access';
import { respond, route } from '../http';

/**
 * GET /api/receipts/{id} — 302 to a presigned S3 GET valid 1 minute (`?redirect=false`: 200
 * `{url, expiresAt}`, for the app). Anyone but the owner, or a receipt not uploaded: 404.
 */
export const handler = route(receipts.getReceipt, async ({ user, path, query }) => {
  const signed = await receiptDownloadUrl(user, path.id);
  if (query.redirect === 'false') return respond(200, signed);
  return respond(302, undefined, { location: signed.url });
});
