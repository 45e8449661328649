import * as charts from '../../contract/endpoints/charts';
import { getTimePerTaskChart } from '../domain/tracking/charts/service';
import { route } from '../http';

/** GET /api/projecttimepertaskchart — hours per task in the range (pie). */
export const handler = route(charts.getTimePerTaskChart, async ({ user, query }) =>
  getTimePerTaskChart(user, query),
);
