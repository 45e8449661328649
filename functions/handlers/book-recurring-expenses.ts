import { bookRecurringExpenses, type RecurringJobReport } from '../domain/tracking/recurring/job';
import { logged } from '../lib/logger';

/**
 * Scheduled job (EventBridge hourly on AWS; at start and hourly locally): books every recurring
 * expense due through today, each due date exactly once.
 */
async function apply(): Promise<RecurringJobReport> {
  return bookRecurringExpenses();
}

export const handler = logged(apply);
