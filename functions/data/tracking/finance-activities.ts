import { EXPENSE_CATEGORIES, type ExpenseCategory, isOneOf } from '../../../contract/enums';
import { TABLE } from '../core/client';
import { entrySheetIndexKeys, receiptItemKey } from '../core/keys';
import { type ActivityBase, activityAccess, activityDay, activityKind } from './activity-kind';
import { invoiceLockCheck } from './invoice-lock';
import { type ReceiptSummary, receiptMap, receiptsOfItem } from './receipt-items';
import { FINANCE_ROLLUP_LEVEL, financeRollupLevelOfItem } from './tax-rollups';

/**
 * Finance activities (income and expenses). Key: `USER#<userId>` / `FIN#<activityId>`; GSI1:
 * `PROJECT#<projectId>` / `FIN#<yyyy-mm-dd>#<activityId>`; GSI2 (the user's money sheet, all
 * projects by day): `MONEYSHEET#<userId>` / `<yyyy-mm-dd>#<activityId>`. The amount is stored as integer cents
 * (`amountCents`); `expense` says which side it is on. The VAT on top of it is `vatCents` and an
 * expense's category `category` (both absent on entries stored before release 4: 0 and `other`).
 */

/** A finance activity as stored. */
export interface FinanceActivityRecord extends ActivityBase {
  /** Non-negative integer cents. */
  amountCents: number;
  /** false: income; true: expense. */
  expense: boolean;
  notes: string;
  /** Non-negative integer cents of VAT on top of `amountCents` (counts for no total); absent: 0. */
  vatCents?: number;
  /** An expense's category (absent: `other`); income has none. */
  category?: ExpenseCategory;
  /**
   * Set only on a record read from an item counted in older rollups than the current ones
   * (`FINANCE_ROLLUP_LEVEL` in `./tax-rollups.ts`): its edit or delete takes out only what it added.
   */
  rollupLevel?: number;
  /**
   * Its receipts (pending uploads too), oldest first: a copy of the receipt items kept on the entry
   * (`receipts` map, `./receipt-items.ts`), so a page of entries costs no read more. Absent: none.
   */
  receipts?: ReceiptSummary[];
  /**
   * The invoice that re-bills this expense at cost (CONTRACT §9 `includeExpenses`), claimed and
   * locked as a time entry's is; absent or null when none does.
   */
  invoiceId?: string | null;
}

/** How the shared write path stores and counts finance activities. */
export const FINANCE_KIND = activityKind<FinanceActivityRecord>('finance', {
  itemFields: (r) => ({
    ...entrySheetIndexKeys('finance', r.userId, activityDay(r.date), r.activityId),
    type: 'FIN',
    amountCents: r.amountCents,
    expense: r.expense,
    notes: r.notes,
    ...(r.vatCents ? { vatCents: r.vatCents } : {}),
    ...(r.expense && r.category ? { category: r.category } : {}),
    rollupLevel: r.rollupLevel ?? FINANCE_ROLLUP_LEVEL,
    ...(r.receipts ? { receipts: receiptMap(r.receipts) } : {}),
    ...(r.invoiceId ? { invoiceId: r.invoiceId } : {}),
  }),
  recordFields: (item) => ({
    amountCents: Number(item.amountCents ?? 0),
    expense: Boolean(item.expense),
    notes: (item.notes as string) ?? '',
    vatCents: Number(item.vatCents ?? 0),
    ...(item.expense
      ? { category: isOneOf(EXPENSE_CATEGORIES, item.category) ? item.category : ('other' as const) }
      : {}),
    ...(financeRollupLevelOfItem(item) < FINANCE_ROLLUP_LEVEL
      ? { rollupLevel: financeRollupLevelOfItem(item) }
      : {}),
    ...(item.receipts ? { receipts: receiptsOfItem(item.receipts) ?? [] } : {}),
    ...(typeof item.invoiceId === 'string' ? { invoiceId: item.invoiceId } : {}),
  }),
  amounts: (r) => ({
    timeMs: 0,
    incomeCents: r.expense ? 0 : r.amountCents,
    expenseCents: r.expense ? r.amountCents : 0,
    expense: r.expense,
    vatCents: r.vatCents ?? 0,
    ...(r.expense ? { category: r.category ?? 'other' } : {}),
    ...(r.rollupLevel !== undefined ? { rollupLevel: r.rollupLevel } : {}),
  }),
  // An expense on a sent or paid invoice cannot be changed, moved or deleted (as a time entry).
  guards: (r) => (r.invoiceId ? [invoiceLockCheck(r.userId, r.invoiceId)] : []),
  // Deleting the entry deletes its receipt items in the same transaction (the files: domain).
  removals: (r) =>
    (r.receipts ?? []).map((receipt) => ({
      op: { Delete: { TableName: TABLE, Key: receiptItemKey(r.userId, receipt.receiptId) } },
    })),
});

export const financeActivityKey = FINANCE_KIND.key;

/** The table item of a finance activity (pure; the bulk seed uses it). `version`/`createdAt` default. */
export const toFinanceActivityItem = FINANCE_KIND.toItem;

/** The stored record of a finance activity item. */
export const financeActivityRecordFromItem = FINANCE_KIND.fromItem;

/** The access patterns of finance activities (see `activityAccess`). */
export const {
  get: getFinanceActivity,
  add: addFinanceActivity,
  addWith: addFinanceActivityWith,
  change: changeFinanceActivity,
  remove: removeFinanceActivity,
  listForProject: listFinanceActivitiesForProject,
} = activityAccess<FinanceActivityRecord>(FINANCE_KIND);
