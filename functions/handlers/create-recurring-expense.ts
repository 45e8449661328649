import * as recurring from '../../contract/endpoints/recurring';
import { createRecurringExpense } from '../domain/tracking/recurring/rules';
import { respond, route } from '../http';

/**
 * POST /api/recurringexpenses `{projectId, activity, amount, vatAmount?, category?, interval,
 * startDate, endDate?}` — 201 with the rule, its due dates up to today booked. Another user's
 * project: 404. The same client `_id` again: 200, the stored one.
 */
export const handler = route(recurring.createRecurringExpense, async ({ user, body }) => {
  const { created, rule } = await createRecurringExpense(user, body);
  return respond(created ? 201 : 200, rule);
});
