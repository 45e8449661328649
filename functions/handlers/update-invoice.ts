import * as invoices from '../../contract/endpoints/invoices';
import { changeInvoice } from '../domain/billing/invoices/status';
import { route } from '../http';

/**
 * PUT /api/invoices/{id} `{status, paidDate?}` — draft → sent (numbered), sent → paid (income on
 * the projects), sent → void; anything else 409 `INVOICE_STATUS_CHANGE`. Without a status, on a
 * draft: its period, notes, tax, language and lines (CONTRACT §9).
 */
export const handler = route(invoices.updateInvoice, async ({ user, path, body }) =>
  changeInvoice(user, path.id, body),
);
