import * as activities from '../../contract/endpoints/activities';
import { deleteTimeActivity } from '../domain/tracking/activities';
import { route } from '../http';

/** DELETE /api/timeActivities/{id} — deletes a time entry, answers `{msg, _id}`. Another user's id: 404. */
export const handler = route(activities.deleteTimeActivity, async ({ user, path }) =>
  deleteTimeActivity(user, path.id),
);
