import * as z from 'zod/mini';
import { endpoint } from '../endpoint';
import { schemaMessage } from '../error-codes';
import { pathId } from '../fields';
import { lazy } from '../lazy';
import { exportUserDataQuerySchema } from '../queries';
import * as r from '../receipt-responses';
import { receiptCreateSchema } from '../receipts';

/** Receipts of income and expenses, kept in S3 (CONTRACT §9 "Receipts"; docs/receipts.md). */

const receiptPath = /* @__PURE__ */ lazy(() => z.object({ id: pathId('RECEIPT_NOT_FOUND') }));

export const createReceipt = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/receipts',
  summary: 'Start a receipt’s upload: a presigned S3 PUT for exactly this type and size, valid 5 minutes',
  auth: true,
  tokenScope: 'write',
  body: receiptCreateSchema,
  answers: { 201: r.receiptUpload },
  errors: [404],
  // The entry lists its receipts once the upload is checked; no figure changes.
  invalidates: ['listFinanceActivities'],
});

/**
 * `?redirect=false` answers the URL as JSON instead of redirecting: what the app uses, because a
 * browser following the redirect would send the session header on to S3.
 */
const receiptOpenQuery = /* @__PURE__ */ lazy(() =>
  z.object({
    redirect: z.optional(
      z.enum(['true', 'false'], { error: schemaMessage('NOT_BOOLEAN', { field: 'redirect' }) }),
    ),
  }),
);

export const getReceipt = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/receipts/{id}',
  summary: 'Open a receipt: 302 to a presigned S3 GET valid 1 minute (`?redirect=false`: 200 with its URL)',
  auth: true,
  tokenScope: 'read',
  params: receiptPath,
  query: receiptOpenQuery,
  answers: { 302: 'none', 200: r.receiptLink },
  errors: [404],
});

export const deleteReceipt = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/receipts/{id}',
  summary: 'Remove a receipt (the file too)',
  auth: true,
  tokenScope: 'write',
  params: receiptPath,
  answers: { 204: 'none' },
  errors: [404],
  invalidates: ['listFinanceActivities'],
});

export const exportUserFiles = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/exportuserdata/files',
  summary:
    'The files of the account export: presigned GETs (15 minutes) of every receipt and issued invoice document, for the browser to put in one zip (paged by `x-next-cursor`)',
  auth: true,
  tokenScope: 'read',
  query: exportUserDataQuerySchema,
  answers: { 200: r.exportFiles },
  paged: true,
});
