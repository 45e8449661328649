import type { EntriesHook } from '../../../data/tracking/project-cleanup';
import { receiptsOfItem } from '../../../data/tracking/receipt-items';
import { deleteReceiptItems } from '../../../data/tracking/receipts';
import { removeReceiptFiles } from './files';

/**
 * Receipts of a deleted project's entries: for each page of entries the clean-up is about to
 * remove (`data/tracking/project-cleanup.ts`), their files and then their receipt items. Both are
 * idempotent, so a clean-up that stopped (its budget spent, a failure) and is continued by the
 * sweep does the rest; the entries themselves go after this, so a page is never lost in between.
 */
export const removeEntriesReceipts =
  (userId: string): EntriesHook =>
  async (items) => {
    const ids = items.flatMap((item) => (receiptsOfItem(item.receipts) ?? []).map((r) => r.receiptId));
    if (ids.length === 0) return;
    await removeReceiptFiles(userId, ids);
    await deleteReceiptItems(userId, ids);
  };
