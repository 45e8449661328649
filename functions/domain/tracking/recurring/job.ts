import { getUserById, type UserRecord } from '../../../data/identity/users';
import { dueRecurringExpenses } from '../../../data/tracking/recurring-expenses';
import { type Budget, budgetOf, SWEEP_BUDGET_MS } from '../../../lib/budget';
import { logger } from '../../../lib/logger';
import { itemLimitFor } from '../activities';
import { bookDueDates } from './booking';
import { dayOf } from './rules';

export interface RecurringJobReport {
  /** Rules the run found due. */
  rules: number;
  /** Expenses it booked. */
  booked: number;
  /** Rules left with a date due (free item limit, budget spent, project being deleted, error). */
  pending: number;
}

/**
 * The scheduled job (hourly; `functions/handlers/book-recurring-expenses.ts`): books every due
 * date through today (UTC) of every rule, read earliest first from the due-date index (GSI1
 * `RECURRINGDUE`, never a scan). Each date is booked exactly once however runs overlap, repeat or
 * pause (`booking.ts`); a rule it cannot finish (budget, a full free account) keeps its next due
 * date and the next run goes on from there. A failure on one rule is logged and the run goes on.
 */
export async function bookRecurringExpenses(
  now = new Date(),
  budget: Budget = budgetOf(SWEEP_BUDGET_MS),
): Promise<RecurringJobReport> {
  const today = dayOf(now);
  const report: RecurringJobReport = { rules: 0, booked: 0, pending: 0 };
  const users = new Map<string, Promise<UserRecord | undefined>>();
  const userOf = (userId: string) => {
    if (!users.has(userId)) users.set(userId, getUserById(userId));
    return users.get(userId) as Promise<UserRecord | undefined>;
  };
  for await (const page of dueRecurringExpenses(today)) {
    for (const rule of page) {
      report.rules++;
      let failure: unknown;
      try {
        // An account being deleted (its profile a tombstone) books nothing; its clean-up removes the rule.
        const user = await userOf(rule.userId);
        if (!user) continue;
        const outcome = await bookDueDates(rule, today, itemLimitFor(user), budget, now);
        report.booked += outcome.booked;
        if (outcome.stopped && outcome.stopped !== 'gone') report.pending++;
        failure = outcome.error;
      } catch (error) {
        report.pending++;
        failure = error;
      }
      if (failure !== undefined) {
        logger.error('recurring expense booking failed', {
          userId: rule.userId,
          ruleId: rule.ruleId,
          error: failure instanceof Error ? failure.message : String(failure),
        });
      }
    }
    if (budget.expired()) break;
  }
  logger.info('recurring expenses booked', { ...report });
  return report;
}
