import type { ReceiptSummary } from '../../../data/tracking/receipt-items';
import { receiptKey } from '../../../lib/buckets';
import { deleteObjects } from '../../../lib/s3-sweep';

/**
 * The receipts' files in S3 (`users/<userId>/receipts/<receiptId>`, `lib/buckets.ts`). Deleting
 * is idempotent (a key already gone counts as deleted), so every clean-up may simply do it again.
 * The function that calls these needs `receipts:delete` (`needs.files` in `functions/routes.ts`).
 */

/** Deletes the files of these receipts of a user (1,000 per DeleteObjects call). */
export async function removeReceiptFiles(userId: string, receiptIds: readonly string[]): Promise<void> {
  if (receiptIds.length === 0) return;
  await deleteObjects(
    'receipts',
    receiptIds.map((id) => receiptKey(userId, id)),
  );
}

/** The ids of an entry's receipts (none for an entry without). */
export const receiptIdsOf = (entry: { receipts?: ReceiptSummary[] } | undefined): string[] =>
  (entry?.receipts ?? []).map((r) => r.receiptId);

/**
 * The value of `Content-Disposition` for a receipt opened in the browser: `inline`, its name as
 * plain ASCII (`filename`, other characters as `_`) and exactly (`filename*`, RFC 6266 / RFC 8187
 * UTF-8 percent-encoding), so any Unicode name is kept and no byte outside ASCII reaches a header.
 */
export function inlineDisposition(filename: string): string {
  const ascii = Array.from(filename, (c) =>
    /^[\x20-\x7e]$/.test(c) && c !== '"' && c !== '\\' ? c : '_',
  ).join('');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
