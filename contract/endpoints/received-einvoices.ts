import * as z from 'zod/mini';
import { endpoint } from '../endpoint';
import { entityIdField } from '../fields';
import { lazy } from '../lazy';
import * as r from '../responses';
import { MONEY_ENTRY_CHANGE } from '../stale';

/** E-invoices received (CONTRACT §9): a supplier's XRechnung or ZUGFeRD/Factur-X PDF booked as an expense. */

/** `?projectid=` (required; malformed: 404) and the file's own name for its receipt (`?filename=`). */
const receivedEinvoiceQuery = /* @__PURE__ */ lazy(() =>
  z.object({
    projectid: entityIdField('projectid', 'PROJECT_NOT_FOUND'),
    filename: z.optional(z.string().check(z.maxLength(1000))),
  }),
);

export const createExpenseFromEinvoice = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/expenses/einvoice',
  summary:
    'Book a received e-invoice as an expense: the body is an XRechnung (CII or UBL, `application/xml`) or a ZUGFeRD/Factur-X PDF (`application/pdf`), at most 10 MB; the file is kept as the receipt (201; 200 when an earlier upload of it was booked but its receipt not kept, which this one finishes)',
  auth: true,
  tokenScope: 'write',
  query: receivedEinvoiceQuery,
  body: 'file',
  answers: { 200: r.financeActivity, 201: r.financeActivity },
  // 400 EINVOICE_UNREADABLE / EINVOICE_CURRENCY, 404 PROJECT_NOT_FOUND, 409 EINVOICE_DUPLICATE,
  // 503 EINVOICE_RECEIPT_PENDING (booked; the receipt is kept by the same upload again).
  errors: [404, 409, 503],
  invalidates: MONEY_ENTRY_CHANGE,
});
