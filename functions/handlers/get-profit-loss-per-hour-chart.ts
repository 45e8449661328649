import { chartQuerySchema } from '../domain/charts/query';
import { getProfitLossPerHourChart } from '../domain/charts/service';
import { route } from '../lib/http';

/** GET /api/projectprofitlossperhourchart — running profit per hour tracked (line). */
export const handler = route(
  { handler: 'get-profit-loss-per-hour-chart', query: chartQuerySchema },
  async ({ user, query }) => getProfitLossPerHourChart(user, query),
);
