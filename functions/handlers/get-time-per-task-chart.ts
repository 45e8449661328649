import { chartQuerySchema } from '../domain/charts/query';
import { getTimePerTaskChart } from '../domain/charts/service';
import { route } from '../lib/http';

/** GET /api/projecttimepertaskchart — hours per task in the range (pie). */
export const handler = route(
  { handler: 'get-time-per-task-chart', query: chartQuerySchema },
  async ({ user, query }) => getTimePerTaskChart(user, query),
);
