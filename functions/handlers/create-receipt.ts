import * as receipts from '../../contract/endpoints/receipts';
import { startReceiptUpload } from '../domain/tracking/receipts/uploads';
import { respond, route } from '../http';

/**
 * POST /api/receipts `{activityId, filename, contentType, bytes}` — 201 `{_id, uploadUrl,
 * uploadHeaders, expiresAt}`: a presigned S3 PUT for exactly that type and size, valid 5 minutes.
 * Another type or a size outside 1 byte–10 MB: 400 `RECEIPT_REJECTED`; another user's entry: 404;
 * a 21st receipt: 400 `RECEIPT_LIMIT`.
 */
export const handler = route(receipts.createReceipt, async ({ user, body }) =>
  respond(201, await startReceiptUpload(user, body)),
);
