import { type KeyRange, prefixRange, type TableKey, userPartition } from './keys-base';

/**
 * Keys of receipts (`functions/data/tracking/receipts.ts`): one item per receipt in its owner's
 * partition, what `GET`/`DELETE /api/receipts/{id}` and the upload check read by the id alone. The
 * entry it belongs to holds a copy in its `receipts` map, so lists of entries read no more items.
 */

const RECEIPT = 'RECEIPT#';

/** A receipt in its owner's partition. */
export const receiptItemKey = (userId: string, receiptId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${RECEIPT}${receiptId}`,
});

/** Every receipt key of a user's partition (id order, so oldest first). */
export const receiptsRange = (): KeyRange => prefixRange(RECEIPT);

/** The receipt id of a receipt's sort key; `undefined` for any other sort key. */
export const receiptIdOfSortKey = (sk: string): string | undefined =>
  sk.startsWith(RECEIPT) ? sk.slice(RECEIPT.length) : undefined;
