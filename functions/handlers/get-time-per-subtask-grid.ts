import * as charts from '../../contract/endpoints/charts';
import { getTimePerSubtaskGrid } from '../domain/tracking/charts/service';
import { route } from '../http';

/** GET /api/projecttimepersubtaskgrid — rows {activity, description, totalHours (ms)} for the range. */
export const handler = route(charts.getTimePerSubtaskGrid, async ({ user, query }) =>
  getTimePerSubtaskGrid(user, query),
);
