import * as recurring from '../../contract/endpoints/recurring';
import { listUserRecurringExpenses } from '../domain/tracking/recurring/rules';
import { route } from '../http';

/** GET /api/recurringexpenses — the caller's recurring expenses, oldest first. */
export const handler = route(recurring.listRecurringExpenses, async ({ user }) =>
  listUserRecurringExpenses(user),
);
