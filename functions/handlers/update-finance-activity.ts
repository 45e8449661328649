import * as activities from '../../contract/endpoints/activities';
import { updateFinanceActivity } from '../domain/tracking/activities';
import { route } from '../http';

/**
 * PUT /api/financeActivities/{id} — edits an income or expense (absent fields keep their value; a
 * new `projectId` moves it, both projects' totals follow) and answers it. Another user's entry or
 * target project: 404, nothing changed.
 */
export const handler = route(activities.updateFinanceActivity, async ({ user, path, body }) =>
  updateFinanceActivity(user, path.id, body),
);
