import * as recurring from '../../contract/endpoints/recurring';
import { deleteRecurringExpense } from '../domain/tracking/recurring/rules';
import { route } from '../http';

/** DELETE /api/recurringexpenses/{id} — the rule goes; the expenses it booked stay. Another user's id: 404. */
export const handler = route(recurring.deleteRecurringExpense, async ({ user, path }) =>
  deleteRecurringExpense(user, path.id),
);
