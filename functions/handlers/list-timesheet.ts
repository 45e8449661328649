import * as activities from '../../contract/endpoints/activities';
import { listTimesheet } from '../domain/tracking/timesheet';
import { respond, route } from '../http';

/**
 * GET /api/timeactivities?startdate=yyyy-mm-dd&enddate=yyyy-mm-dd[&projectid][&q][&limit][&cursor]
 * — the timesheet: the user's time entries in the range across projects (or one), newest first.
 * At most `limit` (default 100, max 1000) per answer; `x-next-cursor` holds the next page's
 * `cursor` while more may follow (a search may answer a short page with a cursor: it reads a
 * bounded number of entries per request). Another user's project: 404.
 */
export const handler = route(activities.listTimesheet, async ({ user, query }) => {
  const page = await listTimesheet(user, query);
  return respond(200, page.items, page.nextCursor ? { 'x-next-cursor': page.nextCursor } : undefined);
});
