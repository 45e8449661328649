import { chartQuerySchema } from '../domain/charts/query';
import { getTimePerTaskGrid } from '../domain/charts/service';
import { route } from '../lib/http';

/** GET /api/projecttimepertaskgrid — rows {activity, totalHours (ms)} for the range. */
export const handler = route(
  { handler: 'get-time-per-task-grid', query: chartQuerySchema },
  async ({ user, query }) => getTimePerTaskGrid(user, query),
);
