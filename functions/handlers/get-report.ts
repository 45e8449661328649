import * as billing from '../../contract/endpoints/billing';
import { getReport } from '../domain/billing/reports/service';
import { route } from '../http';

/**
 * GET /api/reports?startdate&enddate&groupby=client|project|task|tag|day|week|month[&clientid]
 * [&projectid][&tag][&billable] — `{rows: [{key, label, timeMs, billableMs, roundedBillableMs,
 * billableAmount}], total}`. Unknown client or tag: an empty report; another user's project: 404.
 */
export const handler = route(billing.getReport, async ({ user, query }) => getReport(user, query));
