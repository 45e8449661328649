import * as activities from '../../contract/endpoints/activities';
import { createFinanceActivity } from '../domain/tracking/activities';
import { respond, route } from '../http';

/**
 * POST /api/financeactivities `{_id?, projectId, activity?, description?, date?, amount?, expense?, notes?}`
 * — 201 with the entry (amount default 0, income unless `expense: true`). Sending the same client
 * `_id` (a ULID) again answers 200 with the stored entry and counts nothing twice. Another user's
 * project: 404; a free user's 126th item: 403 `FREE_ITEM_LIMIT`.
 */
export const handler = route(activities.createFinanceActivity, async ({ user, body }) => {
  const { created, activity } = await createFinanceActivity(user, body);
  return respond(created ? 201 : 200, activity);
});
