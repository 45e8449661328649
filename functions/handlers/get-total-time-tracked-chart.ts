import { chartQuerySchema } from '../domain/charts/query';
import { getTotalTimeTrackedChart } from '../domain/charts/service';
import { route } from '../lib/http';

/** GET /api/projecttotaltimetrackedchart — all-time hours per project (bar). */
export const handler = route(
  { handler: 'get-total-time-tracked-chart', query: chartQuerySchema },
  async ({ user, query }) => getTotalTimeTrackedChart(user, query),
);
