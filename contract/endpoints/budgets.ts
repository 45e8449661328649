import { unsubscribeBody } from '../budgets';
import { endpoint } from '../endpoint';
import * as r from '../responses';
import { CURRENT_USER } from '../stale';

/** Budget alerts (CONTRACT §8 "Budgets and the rate floor"). */

/** The link in an alert email: turns budget alerts off without signing in. */
export const unsubscribeBudgetAlerts = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/budgetalerts/unsubscribe',
  summary: 'Turn budget alerts off with the link of an alert email (no sign-in)',
  auth: false,
  tokenScope: 'none',
  body: unsubscribeBody,
  answers: { 200: r.message },
  invalidates: CURRENT_USER,
});
