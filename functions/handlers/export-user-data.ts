import * as accounts from '../../contract/endpoints/accounts';
import { exportUserDataPage } from '../domain/account/exports';
import { exportFileName } from '../domain/identity/accounts';
import { respond, route } from '../http';

/**
 * GET /api/exportuserdata[?cursor=] → {user, projects, timeActivities, financeActivities, exportedAt}
 * as a download, in pages for large accounts: while more follows, `x-next-cursor` holds the next
 * page's `cursor` (see `domain/account/exports.ts`).
 */
export const handler = route(accounts.exportUserData, async ({ user, query, remainingTimeMs }) => {
  const { data, nextCursor } = await exportUserDataPage(user, query.cursor, {
    remainingMs: remainingTimeMs(),
  });
  return respond(200, data, {
    'content-disposition': `attachment; filename="${exportFileName(data.user.name, new Date(data.exportedAt))}"`,
    ...(nextCursor ? { 'x-next-cursor': nextCursor } : {}),
  });
});
