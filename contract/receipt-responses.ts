import * as z from 'zod/mini';
import { type Built, lazy } from './lazy';

/**
 * What the API answers about receipts (CONTRACT §9 "Receipts", issue 37), as schemas: a receipt as
 * an income or expense lists it (`responses.ts`), the upload's presigned PUT, the link of `GET
 * /api/receipts/{id}?redirect=false` and the export's files.
 */

/** A receipt of an income or expense, once its upload was checked. */
export const receipt = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.string(),
    filename: z.string(),
    contentType: z.string(),
    bytes: z.number(),
    uploadedAt: z.string(),
  }),
);
export type Receipt = z.infer<Built<typeof receipt>>;

/** `POST /api/receipts`: where and how the browser uploads the file (a presigned S3 PUT). */
export const receiptUpload = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.string(),
    uploadUrl: z.string(),
    /** Send exactly these with the PUT (the URL is signed for them). */
    uploadHeaders: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  }),
);
export type ReceiptUpload = z.infer<Built<typeof receiptUpload>>;

/**
 * `GET /api/exportuserdata/files`: a page of the export's files, each a presigned GET and the path
 * it gets in the zip (`receipts/…`, `invoices/<number>/…`).
 */
export const exportFiles = /* @__PURE__ */ lazy(() =>
  z.object({
    files: z.array(
      z.object({ path: z.string(), url: z.string(), bytes: z.number(), contentType: z.string() }),
    ),
    expiresAt: z.string(),
  }),
);
export type ExportFiles = z.infer<Built<typeof exportFiles>>;

/** `GET /api/receipts/{id}?redirect=false`: the presigned GET the redirect would go to. */
export const receiptLink = /* @__PURE__ */ lazy(() => z.object({ url: z.string(), expiresAt: z.string() }));
