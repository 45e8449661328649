import * as recurring from '../../contract/endpoints/recurring';
import { updateRecurringExpense } from '../domain/tracking/recurring/rules';
import { route } from '../http';

/** PUT /api/recurringexpenses/{id} — edits the rule, books what is now due and answers it. Another user's id: 404. */
export const handler = route(recurring.updateRecurringExpense, async ({ user, path, body }) =>
  updateRecurringExpense(user, path.id, body),
);
