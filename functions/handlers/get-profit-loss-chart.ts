import * as charts from '../../contract/endpoints/charts';
import { getProfitLossChart } from '../domain/tracking/charts/service';
import { route } from '../http';

/** GET /api/projectprofitlosschart — income minus expenses per bucket in the user's currency (line). */
export const handler = route(charts.getProfitLossChart, async ({ user, query }) =>
  getProfitLossChart(user, query),
);
