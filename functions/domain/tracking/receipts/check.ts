import { getReceipt, markReceiptUploaded, removeReceipt } from '../../../data/tracking/receipts';
import { parseReceiptKey } from '../../../lib/buckets';
import { logger } from '../../../lib/logger';
import { getFirstBytes, headObject } from '../../../lib/s3';
import { FIRST_BYTES, matchesContentType } from './content';
import { removeReceiptFiles } from './files';

/** What the check did with one uploaded file. */
export type CheckOutcome =
  /** The file is its receipt's: the receipt is (or stays) uploaded. */
  | 'kept'
  /** Removed with its receipt: another size or type than announced, first bytes not of its type, or no receipt (any more) for it. */
  | 'removed'
  /** Not a receipt's key, or the file is gone already. */
  | 'ignored';

/**
 * The check after an upload (CONTRACT §9 "Receipts"), run for every file created in the receipts
 * bucket — on AWS by the bucket's ObjectCreated event, locally by the local S3 server's event (the
 * same handler, `functions/handlers/check-receipt.ts`). A receipt is *pending* from its `POST
 * /api/receipts` and becomes *uploaded* (`uploadedAt`) only here, once its file's size and type are
 * as announced and its first bytes are of that type; only uploaded receipts are listed and opened.
 * A file that fails, or that has no receipt (an upload after the receipt, its entry or its account
 * went), is removed, with its receipt. Running it twice for one upload does no harm; a second
 * upload through the same URL (5 minutes) is checked again.
 */
export async function checkUploadedFile(key: string, now = new Date()): Promise<CheckOutcome> {
  const owner = parseReceiptKey(key);
  if (!owner) return 'ignored';
  const { userId, receiptId } = owner;
  const receipt = await getReceipt(userId, receiptId);
  if (!receipt) {
    await removeReceiptFiles(userId, [receiptId]);
    return 'removed';
  }
  const head = await headObject('receipts', key);
  if (!head) return 'ignored';
  const first = await getFirstBytes('receipts', key, FIRST_BYTES);
  const fits =
    head.bytes === receipt.bytes &&
    head.contentType === receipt.contentType &&
    first !== undefined &&
    matchesContentType(receipt.contentType, first);
  if (fits) {
    const marked = await markReceiptUploaded(userId, receiptId, now.toISOString());
    if (marked === 'uploaded' || marked === 'already') return 'kept';
  } else {
    logger.info('receipt refused by its first bytes', { receiptId, contentType: receipt.contentType });
  }
  await removeReceipt(userId, receiptId);
  await removeReceiptFiles(userId, [receiptId]);
  return 'removed';
}
