import { chartQuerySchema } from '../domain/charts/query';
import { getProfitLossPerHourChart } from '../domain/charts/service';
import { route } from '../lib/http';

/** GET /api/projectprofitlossperhourchart — running profit per hour tracked (line). */
export const handler = route({ auth: true, query: chartQuerySchema }, async ({ user, query }) =>
  getProfitLossPerHourChart(user, query),
);
