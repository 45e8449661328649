import * as activities from '../../contract/endpoints/activities';
import { listFinanceActivities } from '../domain/tracking/activity-lists';
import { respond, route } from '../http';

/**
 * GET /api/financeactivities/{projectId}[?limit=&cursor=] — the project's income and expenses,
 * newest first: `[{_id, user, projectId, activity, description, date, amount, expense, notes}]`.
 * At most `limit` (default and maximum 1000) per answer; when more follow, the `x-next-cursor`
 * header holds the `cursor` of the next page. Another user's project: 404.
 */
export const handler = route(activities.listFinanceActivities, async ({ user, path, query }) => {
  const page = await listFinanceActivities(user, path.projectId, query);
  return respond(200, page.items, page.nextCursor ? { 'x-next-cursor': page.nextCursor } : undefined);
});
