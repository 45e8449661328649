import { chartQuerySchema } from '../domain/charts/query';
import { getProfitLossChart } from '../domain/charts/service';
import { route } from '../lib/http';

/** GET /api/projectprofitlosschart — income minus expenses per bucket in the user's currency (line). */
export const handler = route(
  { handler: 'get-profit-loss-chart', query: chartQuerySchema },
  async ({ user, query }) => getProfitLossChart(user, query),
);
