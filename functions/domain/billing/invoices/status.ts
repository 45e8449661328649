import type { InvoiceUpdate } from '../../../../contract/invoices';
import type { Invoice } from '../../../../contract/responses';
import { deleteDraft } from '../../../data/billing/invoice-drafts';
import { changeInvoiceStatus, invoiceStatusCheck } from '../../../data/billing/invoice-writes';
import { getInvoice, type InvoiceRecord, listInvoices } from '../../../data/billing/invoices';
import type { UserRecord } from '../../../data/identity/users';
import {
  addFinanceActivityWith,
  type FinanceActivityRecord,
} from '../../../data/tracking/finance-activities';
import { config } from '../../../lib/config';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../lib/errors';
import { bookedActivityId } from './activity-ids';
import { voidInvoice } from './credit-note';
import { editDraft } from './draft-edit';
import { sendDraft } from './send';
import { isSmallBusiness, toInvoice } from './view';

/**
 * The status machine of an invoice (CONTRACT §8, §9): draft → sent (numbered), sent → paid (income
 * booked on the projects), sent or paid → void (a credit note issued, entries freed, a paid one's
 * income reversed: `./credit-note.ts`), a draft deleted (entries freed). A credit note stays sent.
 * Any other change is 409 `INVOICE_STATUS_CHANGE`.
 */

const statusChange = () => new ConflictError('INVOICE_STATUS_CHANGE');

async function ownInvoice(user: UserRecord, invoiceId: string): Promise<InvoiceRecord> {
  const invoice = await getInvoice(user._id, invoiceId);
  if (!invoice) throw new NotFoundError('INVOICE_NOT_FOUND');
  return invoice;
}

/**
 * The id of the income a paid invoice books for its line `index` (`bookedActivityId`), the same on
 * every try, so a repeated or concurrent "paid" books each line once.
 */
export const incomeIdOf = (invoiceId: string, index: number) => bookedActivityId(invoiceId, 'income', index);

/** The income records of a paid invoice: one per line, net of tax, task `Invoice <number>`. */
export function incomeRecords(invoice: InvoiceRecord, paidDay: string, now: Date): FinanceActivityRecord[] {
  const at = now.toISOString();
  return invoice.lines.map((line, index) => ({
    activityId: incomeIdOf(invoice.invoiceId, index),
    userId: invoice.userId,
    projectId: line.projectId,
    task: `Invoice ${invoice.number ?? ''}`,
    subTask: '',
    date: `${paidDay}T00:00:00.000Z`,
    version: 1,
    createdAt: at,
    updatedAt: at,
    amountCents: line.amountCents,
    expense: false,
    notes: invoice.client.name,
  }));
}

/**
 * Books the incomes, each in a transaction that holds only while the invoice is still sent. A
 * line whose project was deleted meanwhile has nowhere to go and is skipped.
 */
async function bookIncomes(user: UserRecord, invoice: InvoiceRecord, paidDay: string, now: Date) {
  const limit = user.premium ? undefined : config.freeItemLimit;
  const stillSent = invoiceStatusCheck(user._id, invoice.invoiceId, 'sent', 'status');
  for (const record of incomeRecords(invoice, paidDay, now)) {
    const result = await addFinanceActivityWith(record, limit, [stillSent]);
    if (result.status === 'limit') {
      throw new ForbiddenError('FREE_ITEM_LIMIT', { values: { limit: config.freeItemLimit } });
    }
    if (result.status === 'precondition') throw statusChange();
  }
}

/** `PUT /api/invoices/{id}`: the next status; answers the invoice. */
export async function changeInvoice(
  user: UserRecord,
  invoiceId: string,
  input: InvoiceUpdate,
  now = new Date(),
): Promise<Invoice> {
  const invoice = await ownInvoice(user, invoiceId);
  if (invoice.kind === 'creditNote') throw statusChange();
  // No status: the draft's shape (its period, tax, language, lines).
  if (input.status === undefined) return editDraft(user, invoice, input);
  const next = `${invoice.status}>${input.status}`;
  if (next === 'draft>sent') return toInvoice(await sendDraft(user, invoice.invoiceId, now), false);
  if (next === 'sent>paid') {
    const paidDate = input.paidDate ?? now.toISOString().slice(0, 10);
    await bookIncomes(user, invoice, paidDate, now);
    const paid = await changeInvoiceStatus(user._id, invoice.invoiceId, 'sent', 'paid', { paidDate });
    if (!paid) throw statusChange();
    return toInvoice(paid, false);
  }
  if (input.status === 'void') return toInvoice(await voidInvoice(user, invoice, now), false);
  throw statusChange();
}

/** `DELETE /api/invoices/{id}`: a draft only; its entries are freed. */
export async function deleteInvoice(user: UserRecord, invoiceId: string): Promise<void> {
  const invoice = await ownInvoice(user, invoiceId);
  if (invoice.status !== 'draft' || !(await deleteDraft(user._id, invoice))) throw statusChange();
}

/** `GET /api/invoices`: newest first. */
export async function listUserInvoices(user: UserRecord): Promise<Invoice[]> {
  const [invoices, smallBusiness] = await Promise.all([listInvoices(user._id), isSmallBusiness(user._id)]);
  return invoices.map((invoice) => toInvoice(invoice, smallBusiness));
}

/** `GET /api/invoices/{id}`. */
export async function readInvoice(user: UserRecord, invoiceId: string): Promise<Invoice> {
  const [invoice, smallBusiness] = await Promise.all([
    ownInvoice(user, invoiceId),
    isSmallBusiness(user._id),
  ]);
  return toInvoice(invoice, smallBusiness);
}

export { ownInvoice };
