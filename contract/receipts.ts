import * as z from 'zod/mini';
import { schemaMessage } from './error-codes';
import { entityIdField, requiredTextField } from './fields';
import { type Built, lazy } from './lazy';

/**
 * Receipts of income and expenses (CONTRACT §9 "Receipts"): what may be kept, how large, how many,
 * and the request of `POST /api/receipts`. Server, app and tests read the limits from here.
 */

/** The content types a receipt may have. */
export const RECEIPT_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/xml',
  'text/xml',
] as const;
export type ReceiptContentType = (typeof RECEIPT_CONTENT_TYPES)[number];

/** The largest receipt: 10 MB (10 × 1024 × 1024 bytes). */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
/** Receipts one entry may keep (uploaded ones and uploads still under way). */
export const RECEIPTS_PER_ACTIVITY = 20;
/** How long the presigned PUT of `POST /api/receipts` works. */
export const RECEIPT_UPLOAD_SECONDS = 5 * 60;
/** How long the presigned GET that `GET /api/receipts/{id}` redirects to works. */
export const RECEIPT_READ_SECONDS = 60;
/** The longest file name kept, in characters (code points). */
export const MAX_FILENAME_LENGTH = 255;

const rejected = () => schemaMessage('RECEIPT_REJECTED');

/** Body of `POST /api/receipts`: the entry, and the file the browser is about to upload. */
export const receiptCreateSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    activityId: entityIdField('activityId', 'FINANCE_ACTIVITY_NOT_FOUND'),
    filename: requiredTextField('filename', MAX_FILENAME_LENGTH),
    contentType: z.enum(RECEIPT_CONTENT_TYPES, { error: rejected() }),
    bytes: z
      .number({ error: rejected() })
      .check(z.int(rejected()), z.gte(1, rejected()), z.lte(RECEIPT_MAX_BYTES, rejected())),
  }),
);
export type ReceiptCreate = z.output<Built<typeof receiptCreateSchema>>;
