import * as activities from '../../contract/endpoints/activities';
import { listTimeActivities } from '../domain/tracking/activity-lists';
import { respond, route } from '../http';

/**
 * GET /api/timeactivities/{projectId}[?limit=&cursor=] — the project's time entries, newest first:
 * `[{_id, user, projectId, activity, description, date, startTime, endTime, duration}]`. At most
 * `limit` (default and maximum 1000) per answer; when more follow, the `x-next-cursor` header holds
 * the `cursor` of the next page. Another user's project: 404.
 */
export const handler = route(activities.listTimeActivities, async ({ user, path, query }) => {
  const page = await listTimeActivities(user, path.projectId, query);
  return respond(200, page.items, page.nextCursor ? { 'x-next-cursor': page.nextCursor } : undefined);
});
