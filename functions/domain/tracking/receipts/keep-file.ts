import { ulid } from 'ulid';
import { MAX_FILENAME_LENGTH, RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES } from '../../../../contract/receipts';
import { markReceiptUploaded, removeReceipt } from '../../../data/tracking/receipts';
import { receiptKey } from '../../../lib/buckets';
import { NotFoundError, ValidationError } from '../../../lib/errors';
import { putObject } from '../../../lib/s3';
import { matchesContentType } from './content';
import { inlineDisposition } from './files';
import { recordPendingReceipt } from './uploads';

/** What {@link keepFileAsReceipt} keeps. */
export interface KeptFile {
  userId: string;
  /** A finance entry (income or expense) of `userId`. */
  activityId: string;
  /** Any Unicode; trimmed, and cut to 255 characters. */
  filename: string;
  /** One of `RECEIPT_CONTENT_TYPES` (`contract/receipts.ts`), matching the body's first bytes. */
  contentType: string;
  body: Uint8Array;
}

/** A file name as a receipt keeps it: trimmed, at most `MAX_FILENAME_LENGTH` code points, never empty. */
const keptName = (name: string) =>
  Array.from(name.trim()).slice(0, MAX_FILENAME_LENGTH).join('') || 'receipt';

/**
 * Keeps a file the server already holds (a received e-invoice) as a receipt of one of the user's
 * finance entries, as if the user had uploaded it: the receipt is recorded as pending, the file put
 * in S3, and the receipt marked uploaded. The caller's function needs `files: ['receipts:upload']`
 * (`functions/routes.ts`). Refuses, storing nothing: a type, size or first bytes a receipt may not
 * have (400 `RECEIPT_REJECTED`), an unknown entry or another user's (404
 * `FINANCE_ACTIVITY_NOT_FOUND`), an entry with 20 receipts (400 `RECEIPT_LIMIT`).
 *
 * The receipt is recorded before the file is put, so the upload check that S3 runs for the new
 * file finds it (a file without a receipt is removed); the check and this function may both mark
 * it uploaded, which does no harm.
 */
export async function keepFileAsReceipt(input: KeptFile): Promise<{ _id: string }> {
  const { userId, activityId, contentType, body } = input;
  const allowed = (RECEIPT_CONTENT_TYPES as readonly string[]).includes(contentType);
  if (
    !allowed ||
    body.byteLength < 1 ||
    body.byteLength > RECEIPT_MAX_BYTES ||
    !matchesContentType(contentType, body)
  ) {
    throw new ValidationError('RECEIPT_REJECTED');
  }
  const now = new Date();
  const receiptId = ulid(now.getTime());
  const filename = keptName(input.filename);
  await recordPendingReceipt(
    {
      receiptId,
      userId,
      activityId,
      filename,
      contentType,
      bytes: body.byteLength,
      createdAt: now.toISOString(),
    },
    now,
  );
  try {
    await putObject({
      bucket: 'receipts',
      key: receiptKey(userId, receiptId),
      body,
      contentType,
      contentDisposition: inlineDisposition(filename),
    });
  } catch (error) {
    await removeReceipt(userId, receiptId);
    throw error;
  }
  const marked = await markReceiptUploaded(userId, receiptId, new Date().toISOString());
  if (marked === 'gone' || marked === 'unknown') {
    // The entry went meanwhile; the upload check removes the file, which has no receipt now.
    await removeReceipt(userId, receiptId);
    throw new NotFoundError('FINANCE_ACTIVITY_NOT_FOUND');
  }
  return { _id: receiptId };
}
