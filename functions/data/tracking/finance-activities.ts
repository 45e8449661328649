import { EXPENSE_CATEGORIES, type ExpenseCategory, isOneOf } from '../../../contract/enums';
import { entrySheetIndexKeys } from '../core/keys';
import { type ActivityBase, activityAccess, activityDay, activityKind } from './activity-kind';

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
  }),
  recordFields: (item) => ({
    amountCents: Number(item.amountCents ?? 0),
    expense: Boolean(item.expense),
    notes: (item.notes as string) ?? '',
    vatCents: Number(item.vatCents ?? 0),
    ...(item.expense
      ? { category: isOneOf(EXPENSE_CATEGORIES, item.category) ? item.category : ('other' as const) }
      : {}),
  }),
  amounts: (r) => ({
    timeMs: 0,
    incomeCents: r.expense ? 0 : r.amountCents,
    expenseCents: r.expense ? r.amountCents : 0,
  }),
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
