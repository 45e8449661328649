import { createHash } from 'node:crypto';
import {
  addFinanceActivityWith,
  type FinanceActivityRecord,
} from '../../../data/tracking/finance-activities';
import {
  BOOKED,
  bookingOps,
  isBooked,
  moveNextDue,
  RULE_MOVED,
} from '../../../data/tracking/recurring-bookings';
import { getRecurringExpense, type RecurringExpenseRecord } from '../../../data/tracking/recurring-expenses';
import type { Budget } from '../../../lib/budget';
import { dueOnOrAfter, nextDay } from './schedule';

/**
 * Booking a rule's due dates (CONTRACT §9 "Recurring expenses"): each due date on or before
 * `today` becomes one expense, written by the same path as a hand-made one (the entry with its
 * totals, rollups, tax month, task index and count in ONE transaction) together with the date's
 * exactly-once key and the rule's move to its next due date (`data/tracking/recurring-bookings.ts`).
 * Whatever runs late, twice, at once or after a pause, each (rule, due date) is booked once: a
 * second booking of a date fails the key's condition and writes nothing, and only moves the rule on.
 */

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A rule books at most this many dates in one call (the budget usually stops it first). */
const MAX_ROUNDS = 2_000;

/**
 * The id of the expense `ruleId` books on `due`: ULID-shaped, its time part the due day's (so the
 * ids sort by date) and the rest 16 characters of a SHA-256 of rule and date — the same on every try.
 */
export function expenseIdOf(ruleId: string, due: string): string {
  let ms = Date.parse(`${due}T00:00:00.000Z`);
  let time = '';
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  const hash = createHash('sha256').update(`${ruleId}#recurring#${due}`).digest();
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[hash[i]! % 32];
  return `${time}${random}`;
}

/** The expense a rule books on `due`: its task, amount, VAT and category, on that day. */
export function bookedExpense(rule: RecurringExpenseRecord, due: string, now: Date): FinanceActivityRecord {
  const at = now.toISOString();
  return {
    activityId: expenseIdOf(rule.ruleId, due),
    userId: rule.userId,
    projectId: rule.projectId,
    task: rule.task,
    subTask: '',
    date: `${due}T00:00:00.000Z`,
    version: 1,
    createdAt: at,
    updatedAt: at,
    amountCents: rule.amountCents,
    expense: true,
    notes: '',
    vatCents: rule.vatCents,
    category: rule.category,
  };
}

/** The due date after `due` within the rule's end, or null. */
export const dueAfter = (rule: RecurringExpenseRecord, due: string) => dueOnOrAfter(rule, nextDay(due));

export interface BookingOutcome {
  /** Expenses this call booked. */
  booked: number;
  /**
   * Why it stopped before every date through today was booked: the free item limit, the rule's
   * project gone, the rule gone, the budget spent, too many rounds, or an error (in `error`; what
   * it booked before stays booked). Absent: nothing is due.
   */
  stopped?: 'limit' | 'no-project' | 'gone' | 'budget' | 'busy' | 'error';
  error?: unknown;
}

/**
 * Books `rule`'s due dates from its `nextDue` through `today` (free accounts: within `itemLimit`),
 * one transaction each, until `budget` is spent. A rule changed or moved on by someone else meanwhile
 * is read again and continued from where it now stands.
 */
export async function bookDueDates(
  rule: RecurringExpenseRecord,
  today: string,
  itemLimit: number | undefined,
  budget: Budget,
  now: Date,
): Promise<BookingOutcome> {
  const progress = { booked: 0 };
  try {
    return await bookFrom(rule, today, itemLimit, budget, now, progress);
  } catch (error) {
    return { booked: progress.booked, stopped: 'error', error };
  }
}

/** {@link bookDueDates}' loop; `progress.booked` counts as it goes, so an error keeps the count. */
async function bookFrom(
  rule: RecurringExpenseRecord,
  today: string,
  itemLimit: number | undefined,
  budget: Budget,
  now: Date,
  progress: { booked: number },
): Promise<BookingOutcome> {
  let current: RecurringExpenseRecord | undefined = rule;
  const reread = (r: RecurringExpenseRecord) => getRecurringExpense(r.userId, r.ruleId);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const booked = progress.booked;
    if (!current) return { booked, stopped: 'gone' };
    const due = current.nextDue;
    if (!due || due > today) return { booked };
    if (budget.expired()) return { booked, stopped: 'budget' };
    const next = dueAfter(current, due);
    const record = bookedExpense(current, due, now);
    const result = await addFinanceActivityWith(
      record,
      itemLimit,
      bookingOps(current, due, next, record.activityId),
    );
    if (result.status === 'created') {
      progress.booked++;
      current = { ...current, nextDue: next };
      continue;
    }
    const failed = result.status === 'precondition' ? result.failed : [];
    if (failed.includes(RULE_MOVED)) {
      current = await reread(current);
      continue;
    }
    const bookedBefore =
      result.status === 'existing' ||
      failed.includes(BOOKED) ||
      // The limit or a gone project may hide that the date was booked already (by another run).
      (await isBooked(current.userId, current.ruleId, due));
    if (bookedBefore) {
      current = (await moveNextDue(current, due, next))
        ? { ...current, nextDue: next }
        : await reread(current);
      continue;
    }
    if (result.status === 'limit' || result.status === 'no-project')
      return { booked, stopped: result.status };
    current = await reread(current);
  }
  return { booked: progress.booked, stopped: 'busy' };
}
