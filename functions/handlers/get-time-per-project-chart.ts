import { chartQuerySchema } from '../domain/charts/query';
import { getTimePerProjectChart } from '../domain/charts/service';
import { route } from '../lib/http';

/** GET /api/projecttimeperprojectchart — all-time hours per project (pie). */
export const handler = route({ auth: true, query: chartQuerySchema }, async ({ user, query }) =>
  getTimePerProjectChart(user, query),
);
