import { isEntityId } from '../../../contract/fields';
import type { ExportFiles } from '../../../contract/receipt-responses';
import { listInvoices } from '../../data/billing/invoices';
import type { UserRecord } from '../../data/identity/users';
import { uploadedReceiptsPage } from '../../data/tracking/receipt-pages';
import { DOCUMENT_FILES, receiptKey } from '../../lib/buckets';
import { ValidationError } from '../../lib/errors';
import { presignGet } from '../../lib/s3-presign';

/** How long the export's presigned GETs work: long enough for the browser to fetch 1,000 files. */
export const EXPORT_LINK_SECONDS = 15 * 60;

/** A name as a zip entry's path segment: any Unicode, but no `/`, `\`, control characters or a leading dot. */
export const zipSegment = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
  name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '_') || '_';

/**
 * A page of the account export's files (CONTRACT §9, issue 37): presigned GETs of the user's
 * uploaded receipts (1,000 a page, oldest first) and, on the first page, of every issued invoice's
 * documents. The browser fetches them straight from S3 and writes the zip itself
 * (`frontend/src/features/settings/api/export-files.ts`): the server signs (an HMAC each, no S3
 * call), reads one page of records, and never holds a file, so 1,000 receipts cost it what one
 * page of the JSON export does. `next` continues after the last receipt of this page.
 */
export async function exportFilesPage(
  user: UserRecord,
  cursor: string | undefined,
  now = new Date(),
): Promise<{ page: ExportFiles; next: string | undefined }> {
  if (cursor !== undefined && !isEntityId(cursor)) throw new ValidationError('INVALID_CURSOR');
  const sign = (bucket: 'receipts' | 'documents', key: string) =>
    presignGet({ bucket, key, expiresInSeconds: EXPORT_LINK_SECONDS, now }).then((s) => s.url);
  const files: ExportFiles['files'] = [];
  if (cursor === undefined) {
    for (const invoice of await listInvoices(user._id)) {
      const folder = `invoices/${zipSegment(invoice.number ?? invoice.invoiceId)}`;
      for (const doc of invoice.documents ?? []) {
        files.push({
          path: `${folder}/${DOCUMENT_FILES[doc.kind]}`,
          url: await sign('documents', doc.key),
          bytes: doc.bytes,
          contentType: doc.kind === 'pdf' ? 'application/pdf' : 'application/xml',
        });
      }
    }
  }
  const { receipts, next } = await uploadedReceiptsPage(user._id, cursor);
  for (const r of receipts) {
    files.push({
      path: `receipts/${r.activityId}/${r.receiptId}-${zipSegment(r.filename)}`,
      url: await sign('receipts', receiptKey(user._id, r.receiptId)),
      bytes: r.bytes,
      contentType: r.contentType,
    });
  }
  return {
    page: { files, expiresAt: new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString() },
    next,
  };
}
