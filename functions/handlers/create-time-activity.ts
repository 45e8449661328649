import * as activities from '../../contract/endpoints/activities';
import { createTimeActivity } from '../domain/tracking/activities';
import { respond, route } from '../http';

/**
 * POST /api/timeactivities `{_id?, projectId, activity?, description?, date?, startTime?, endTime?, duration?}`
 * — 201 with the entry. Sending the same client `_id` (a ULID) again answers 200 with the stored
 * entry and counts nothing twice. Start after end: 400 with the specification's notice; another
 * user's project: 404; a free user's 126th item: 403 `FREE_ITEM_LIMIT`.
 */
export const handler = route(activities.createTimeActivity, async ({ user, body }) => {
  const { created, activity } = await createTimeActivity(user, body);
  return respond(created ? 201 : 200, activity);
});
