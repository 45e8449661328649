import { chartQuerySchema } from '../domain/charts/query';
import { getTimePerProjectChart } from '../domain/charts/service';
import { route } from '../lib/http';

/** GET /api/projecttimeperprojectchart — all-time hours per project (pie). */
export const handler = route(
  { handler: 'get-time-per-project-chart', query: chartQuerySchema },
  async ({ user, query }) => getTimePerProjectChart(user, query),
);
