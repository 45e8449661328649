import { receiptsPrefix } from '../../lib/buckets';
import type { Budget } from '../../lib/budget';
import { deleteObjects, listPages } from '../../lib/s3-sweep';

/**
 * The files a deleted account leaves in S3: every receipt under `users/<userId>/receipts/`, a page
 * (1,000 keys: one list, one DeleteObjects) at a time within `budget`. `true` when none is left;
 * `false` when the budget ran out first (the sweep continues: deleting is idempotent). Issued
 * invoice documents stay: the law asks for them to be kept (and Object Lock may hold them).
 */
export async function removeAccountFiles(userId: string, budget: Budget): Promise<boolean> {
  for await (const keys of listPages('receipts', receiptsPrefix(userId))) {
    if (budget.expired()) return false;
    await deleteObjects('receipts', keys);
  }
  return true;
}
