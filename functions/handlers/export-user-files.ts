import * as receipts from '../../contract/endpoints/receipts';
import { exportFilesPage } from '../domain/account/export-files';
import { respond, route } from '../http';

/**
 * GET /api/exportuserdata/files[?cursor=] → `{files: [{path, url, bytes, contentType}], expiresAt}`:
 * presigned GETs (15 minutes) of every uploaded receipt and issued invoice document, for the app to
 * put in the export's zip; while more follows, `x-next-cursor` holds the next page's `cursor`.
 */
export const handler = route(receipts.exportUserFiles, async ({ user, query }) => {
  const { page, next } = await exportFilesPage(user, query.cursor);
  return respond(200, page, next ? { 'x-next-cursor': next } : undefined);
});
