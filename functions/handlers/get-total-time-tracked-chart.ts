import * as charts from '../../contract/endpoints/charts';
import { getTotalTimeTrackedChart } from '../domain/tracking/charts/service';
import { route } from '../http';

/** GET /api/projecttotaltimetrackedchart — all-time hours per project (bar). */
export const handler = route(charts.getTotalTimeTrackedChart, async ({ user, query }) =>
  getTotalTimeTrackedChart(user, query),
);
