import { chartQuerySchema } from '../domain/charts/query';
import { getTimeTrackedChart } from '../domain/charts/service';
import { route } from '../lib/http';

/** GET /api/projecttimetrackedchart — hours tracked per day, week or month of the range (line). */
export const handler = route(
  { handler: 'get-time-tracked-chart', query: chartQuerySchema },
  async ({ user, query }) => getTimeTrackedChart(user, query),
);
