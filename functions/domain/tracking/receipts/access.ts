import { RECEIPT_READ_SECONDS } from '../../../../contract/receipts';
import type { UserRecord } from '../../../data/identity/users';
import { getReceipt, removeReceipt } from '../../../data/tracking/receipts';
import { receiptKey } from '../../../lib/buckets';
import { NotFoundError } from '../../../lib/errors';
import { presignGet } from '../../../lib/s3-presign';
import { removeReceiptFiles } from './files';

/**
 * Opening and removing one receipt. Only its owner finds it (the item is in the owner's partition):
 * anyone else, and a receipt whose upload was not checked (yet), is a 404.
 */

/**
 * The presigned GET (1 minute) of one of the user's uploaded receipts; it opens inline under its
 * name (the `Content-Disposition` stored with the file at its upload).
 */
export async function receiptDownloadUrl(
  user: UserRecord,
  receiptId: string,
  now = new Date(),
): Promise<{ url: string; expiresAt: string }> {
  const receipt = await getReceipt(user._id, receiptId);
  if (!receipt?.uploadedAt) throw new NotFoundError('RECEIPT_NOT_FOUND');
  const signed = await presignGet({
    bucket: 'receipts',
    key: receiptKey(user._id, receiptId),
    expiresInSeconds: RECEIPT_READ_SECONDS,
    now,
  });
  return signed;
}

/**
 * Removes one of the user's receipts: its item and its entry's copy, then the file. The file goes
 * last and also when no receipt was found: a DELETE that failed after the records went is completed
 * by the next one (answered 404), and an upload arriving after the records went is removed by the
 * upload check, which finds no receipt for it. Only the caller's own key is ever touched.
 */
export async function deleteUserReceipt(user: UserRecord, receiptId: string): Promise<void> {
  const removed = await removeReceipt(user._id, receiptId);
  await removeReceiptFiles(user._id, [receiptId]);
  if (!removed) throw new NotFoundError('RECEIPT_NOT_FOUND');
}
