import * as charts from '../../contract/endpoints/charts';
import { getTimePerProjectChart } from '../domain/tracking/charts/service';
import { route } from '../http';

/** GET /api/projecttimeperprojectchart — all-time hours per project (pie). */
export const handler = route(charts.getTimePerProjectChart, async ({ user, query }) =>
  getTimePerProjectChart(user, query),
);
