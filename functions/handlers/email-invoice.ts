import * as invoices from '../../contract/endpoints/invoices';
import { emailInvoice } from '../domain/billing/invoices/email';
import { respond, route } from '../http';

/**
 * POST /api/invoices/{id}/email `{to?, message?}` — 202 `{to, sentAt}`: the issued invoice or credit
 * note emailed with its stored PDF and XRechnung attached, in the invoice's language. No `to` and
 * no client email: 400 `CLIENT_EMAIL_MISSING`; a draft: 409 `INVOICE_NOT_ISSUED`; past the hourly
 * mail cap: 429 `TOO_MANY_EMAILS`; SES refused it: 503 `EMAIL_NOT_SENT`; another user's: 404.
 */
export const handler = route(invoices.emailInvoice, async ({ user, path, body }) =>
  respond(202, await emailInvoice(user, path.id, body)),
);
