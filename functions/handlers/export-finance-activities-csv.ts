import * as files from '../../contract/endpoints/files';
import { exportCsvPage } from '../domain/tracking/csv/export';
import { respondText, route } from '../http';

/**
 * GET /api/export/financeactivities.csv[?projectid=&startdate=&enddate=&tz=&cursor=] — the income
 * and expenses as a CSV download (UTF-8 with BOM). Large accounts come in pages: while more follows,
 * `x-next-cursor` holds the next page's `cursor`; the pages' bodies joined in order are the file.
 */
export const handler = route(files.exportFinanceActivitiesCsv, async ({ user, query, remainingTimeMs }) => {
  const page = await exportCsvPage(user, 'finance', query, { remainingMs: remainingTimeMs() });
  return respondText(200, page.text, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${page.fileName}"`,
    ...(page.nextCursor ? { 'x-next-cursor': page.nextCursor } : {}),
  });
});
