import * as activities from '../../contract/endpoints/activities';
import { updateTimeActivity } from '../domain/tracking/activities';
import { route } from '../http';

/**
 * PUT /api/timeActivities/{id} — edits a time entry (absent fields keep their value; a new
 * `projectId` moves it, both projects' totals follow) and answers it. Another user's entry or
 * target project: 404, nothing changed.
 */
export const handler = route(activities.updateTimeActivity, async ({ user, path, body }) =>
  updateTimeActivity(user, path.id, body),
);
