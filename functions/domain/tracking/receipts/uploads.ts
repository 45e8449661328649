import { ulid } from 'ulid';
import type { ReceiptUpload } from '../../../../contract/receipt-responses';
import {
  RECEIPT_UPLOAD_SECONDS,
  RECEIPTS_PER_ACTIVITY,
  type ReceiptCreate,
} from '../../../../contract/receipts';
import type { UserRecord } from '../../../data/identity/users';
import { addReceipt, type ReceiptRecord } from '../../../data/tracking/receipts';
import { receiptKey } from '../../../lib/buckets';
import { NotFoundError, ValidationError } from '../../../lib/errors';
import { presignPut } from '../../../lib/s3-presign';
import { inlineDisposition } from './files';

/**
 * How long after its `POST /api/receipts` a receipt whose upload has not been checked still counts
 * toward the 20 of its entry: the URL's 5 minutes and as long again for the check. After that it is
 * dropped from its entry by the entry's next receipt (its file, if one ever came, was removed by
 * the check, which finds no receipt for it).
 */
export const PENDING_RECEIPT_MS = 2 * RECEIPT_UPLOAD_SECONDS * 1000;

/**
 * Records a new receipt of `input.activityId` as pending and answers the presigned PUT the browser
 * uploads the file with: signed for exactly its content type and size, valid 5 minutes. Another
 * user's entry (or one in a project being deleted): 404; a 21st receipt: 400 `RECEIPT_LIMIT`.
 */
export async function startReceiptUpload(
  user: UserRecord,
  input: ReceiptCreate,
  now = new Date(),
): Promise<ReceiptUpload> {
  const receipt: ReceiptRecord = {
    receiptId: ulid(now.getTime()),
    userId: user._id,
    activityId: input.activityId,
    filename: input.filename,
    contentType: input.contentType,
    bytes: input.bytes,
    createdAt: now.toISOString(),
  };
  await recordPendingReceipt(receipt, now);
  const signed = await presignPut({
    bucket: 'receipts',
    key: receiptKey(user._id, receipt.receiptId),
    contentType: input.contentType,
    bytes: input.bytes,
    expiresInSeconds: RECEIPT_UPLOAD_SECONDS,
    now,
    // Stored with the file, so every GET opens it inline under its own name.
    contentDisposition: inlineDisposition(input.filename),
  });
  return {
    _id: receipt.receiptId,
    uploadUrl: signed.url,
    uploadHeaders: signed.headers,
    expiresAt: signed.expiresAt,
  };
}

/** Writes a receipt as pending (item and entry copy), or refuses it: 404 no entry, 400 a full entry. */
export async function recordPendingReceipt(receipt: ReceiptRecord, now: Date): Promise<void> {
  const result = await addReceipt(receipt, {
    max: RECEIPTS_PER_ACTIVITY,
    pendingBefore: new Date(now.getTime() - PENDING_RECEIPT_MS).toISOString(),
  });
  if (result.status === 'no-activity') throw new NotFoundError('FINANCE_ACTIVITY_NOT_FOUND');
  if (result.status === 'limit') {
    throw new ValidationError('RECEIPT_LIMIT', {
      param: 'activityId',
      values: { max: RECEIPTS_PER_ACTIVITY },
    });
  }
}
