import { chartQuerySchema } from '../domain/charts/query';
import { getTimePerSubtaskGrid } from '../domain/charts/service';
import { route } from '../lib/http';

/** GET /api/projecttimepersubtaskgrid — rows {activity, description, totalHours (ms)} for the range. */
export const handler = route(
  { handler: 'get-time-per-subtask-grid', query: chartQuerySchema },
  async ({ user, query }) => getTimePerSubtaskGrid(user, query),
);
