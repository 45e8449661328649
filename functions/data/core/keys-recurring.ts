import { type KeyRange, prefixRange, type TableKey, userPartition } from './keys-base';

/** Keys of the recurring-expense rules (`functions/data/tracking/recurring-expenses.ts`). */

const RECURRING = 'RECURRING#';

/** A rule in its owner's partition. */
export const recurringExpenseKey = (userId: string, ruleId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${RECURRING}${ruleId}`,
});

/** Every rule of a user's partition. */
export const recurringExpensesRange = (): KeyRange => prefixRange(RECURRING);

/** GSI1 partition holding every rule that still has a due date, by that date: what the job reads. */
export const RECURRING_DUE_INDEX_PK = 'RECURRINGDUE';

/** A rule's GSI1 keys while it has a next due date (`yyyy-mm-dd`): earliest first. */
export const recurringDueIndexKeys = (userId: string, ruleId: string, nextDue: string) => ({
  GSI1PK: RECURRING_DUE_INDEX_PK,
  GSI1SK: `${nextDue}#${userId}#${ruleId}`,
});

/** The index range of rules due on or before `day`. */
export const recurringDueThrough = (day: string): KeyRange => ({ from: '0', to: `${day}#~` });

const RECURRING_BOOKED = 'RECURBOOKED#';

/**
 * The exactly-once key of one due date of a rule: Put with `attribute_not_exists` in the same
 * transaction as the expense it books, so each (rule, due date) is booked once, whatever runs when.
 */
export const recurringBookedKey = (userId: string, ruleId: string, dueDate: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${RECURRING_BOOKED}${ruleId}#${dueDate}`,
});

/** Every booked-date key of one rule. */
export const recurringBookedRange = (ruleId: string): KeyRange =>
  prefixRange(`${RECURRING_BOOKED}${ruleId}#`);
