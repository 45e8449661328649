import * as charts from '../../contract/endpoints/charts';
import { getTimeTrackedChart } from '../domain/tracking/charts/service';
import { route } from '../http';

/** GET /api/projecttimetrackedchart — hours tracked per day, week or month of the range (line). */
export const handler = route(charts.getTimeTrackedChart, async ({ user, query }) =>
  getTimeTrackedChart(user, query),
);
