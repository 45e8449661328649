import * as charts from '../../contract/endpoints/charts';
import { getTimePerTaskGrid } from '../domain/tracking/charts/service';
import { route } from '../http';

/** GET /api/projecttimepertaskgrid — rows {activity, totalHours (ms)} for the range. */
export const handler = route(charts.getTimePerTaskGrid, async ({ user, query }) =>
  getTimePerTaskGrid(user, query),
);
