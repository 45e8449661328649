import * as charts from '../../contract/endpoints/charts';
import { getProfitLossPerHourChart } from '../domain/tracking/charts/service';
import { route } from '../http';

/** GET /api/projectprofitlossperhourchart — running profit per hour tracked (line). */
export const handler = route(charts.getProfitLossPerHourChart, async ({ user, query }) =>
  getProfitLossPerHourChart(user, query),
);
