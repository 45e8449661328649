import * as activities from '../../contract/endpoints/activities';
import { deleteFinanceActivity } from '../domain/tracking/activities';
import { route } from '../http';

/** DELETE /api/financeActivities/{id} — deletes an income or expense, answers `{msg, _id}`. Another user's id: 404. */
export const handler = route(activities.deleteFinanceActivity, async ({ user, path }) =>
  deleteFinanceActivity(user, path.id),
);
