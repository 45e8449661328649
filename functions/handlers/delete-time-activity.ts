import * as z from 'zod/mini';
import { deleteTimeActivity } from '../domain/activities';
import { route } from '../lib/http';

/** DELETE /api/timeActivities/{id} — deletes a time entry, answers `{msg, _id}`. Another user's id: 404. */
export const handler = route(
  { handler: 'delete-time-activity', path: z.object({ id: z.string() }) },
  async ({ user, path }) => deleteTimeActivity(user, path.id),
);
