import type { InvoiceEmail } from '../../../../contract/invoices';
import { getClient } from '../../../data/billing/clients';
import { recordInvoiceEmail } from '../../../data/billing/invoice-emails';
import type { InvoiceRecord } from '../../../data/billing/invoices';
import type { UserRecord } from '../../../data/identity/users';
import { config } from '../../../lib/config';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceBusyError,
  TooManyRequestsError,
  ValidationError,
} from '../../../lib/errors';
import { sendRawEmail } from '../../shared/email';
import { sendCappedEmail } from '../../shared/mail-cap';
import { isMailAddress, mimeMessage } from '../../shared/mime';
import type { EInvoiceDocument } from '../einvoice/document';
import { invoiceEmail } from './email-message';
import { ownInvoice } from './status';

/**
 * `POST /api/invoices/{id}/email` (CONTRACT §9 "…invoices sent by email"): an issued invoice or
 * credit note emailed with the PDF and the XRechnung stored when it was issued — the same bytes as
 * its downloads — to `to` or the client's email, in the document's language. The hourly mail cap
 * applies as to every email (`shared/mail-cap.ts`): past it nothing is sent and the answer is 429
 * with `Retry-After`. A sent email is listed on the invoice (`emails`).
 */

/** Seconds until SES may be asked again after it refused (the app says "in a minute"). */
const SES_RETRY_SECONDS = 60;

/** The demo account (as `identity/accounts.ts` knows it, without loading the sign-in code). */
const isDemoAccount = (user: UserRecord) =>
  user.isDemo || user.email.trim().toLowerCase() === config.demoEmail.toLowerCase();

/** The address to send to: `to`, else the client's (as it is now, or as the invoice copied it). */
async function recipient(user: UserRecord, invoice: InvoiceRecord, to: string | undefined) {
  if (to) return to;
  const client = await getClient(user._id, invoice.clientId);
  const address = (client?.email ?? invoice.client.email ?? '').trim();
  if (!address) throw new ValidationError('CLIENT_EMAIL_MISSING', { param: 'to' });
  // A client's address is checked loosely when saved; one SES cannot send to is asked for anew.
  if (!isMailAddress(address)) throw new ValidationError('INVALID_EMAIL', { param: 'client.email' });
  return address;
}

/** Emails the document; answers the email as recorded. */
export async function emailInvoice(
  user: UserRecord,
  invoiceId: string,
  input: InvoiceEmail,
): Promise<{ to: string; sentAt: string }> {
  // A shared, public account must not mail anyone anything (the cap would be everyone's).
  if (isDemoAccount(user)) throw new ForbiddenError('DEMO_SENDS_NO_EMAIL');
  const invoice = await ownInvoice(user, invoiceId);
  const pdf = invoice.documents?.find((d) => d.kind === 'pdf');
  const xrechnung = invoice.documents?.find((d) => d.kind === 'xrechnung');
  // A draft has no documents; nor has an invoice sent before release 4.
  if (invoice.status === 'draft' || !pdf || !xrechnung || !invoice.einvoice) {
    throw new ConflictError('INVOICE_NOT_ISSUED');
  }
  const to = await recipient(user, invoice, input.to);
  const { readDocument } = await import('./einvoice-files');
  const [pdfBytes, xmlBytes] = await Promise.all([readDocument(pdf), readDocument(xrechnung)]);
  const doc = invoice.einvoice as unknown as EInvoiceDocument;
  const raw = mimeMessage(invoiceEmail(doc, to, input.message, { pdf: pdfBytes, xrechnung: xmlBytes }));
  const outcome = await sendCappedEmail(user._id, to, 'invoice email', () =>
    sendRawEmail('invoice email', raw),
  );
  if (outcome.heldUntil) {
    const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(outcome.heldUntil) - Date.now()) / 1000));
    throw new TooManyRequestsError('TOO_MANY_EMAILS', { retryAfterSeconds });
  }
  if (!outcome.sent) throw new ServiceBusyError('EMAIL_NOT_SENT', SES_RETRY_SECONDS);
  const email = { to, sentAt: new Date().toISOString() };
  if (!(await recordInvoiceEmail(user._id, invoice.invoiceId, email))) {
    throw new NotFoundError('INVOICE_NOT_FOUND');
  }
  return email;
}
