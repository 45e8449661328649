import * as budgets from '../../contract/endpoints/budgets';
import { unsubscribeFromBudgetAlerts } from '../domain/identity/unsubscribe';
import { publicRoute } from '../http/chain';

/**
 * POST /api/budgetalerts/unsubscribe `{token}` — public: the link in a budget alert turns alerts
 * off without signing in. 200 `{msg}` (again on a second use); 400 for an unknown or expired link.
 */
export const handler = publicRoute(budgets.unsubscribeBudgetAlerts, ({ body }) =>
  unsubscribeFromBudgetAlerts(body.token),
);
