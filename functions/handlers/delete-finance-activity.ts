import * as z from 'zod/mini';
import { deleteFinanceActivity } from '../domain/activities';
import { route } from '../lib/http';

/** DELETE /api/financeActivities/{id} — deletes an income or expense, answers `{msg, _id}`. Another user's id: 404. */
export const handler = route(
  { handler: 'delete-finance-activity', path: z.object({ id: z.string() }) },
  async ({ user, path }) => deleteFinanceActivity(user, path.id),
);
