import { listPeriodExpenses } from '../../../data/billing/billable-entries';
import type { ExpenseClaim } from '../../../data/billing/invoice-drafts';
import {
  getInvoice,
  type InvoiceLineRecord,
  type InvoiceRecord,
  listInvoices,
} from '../../../data/billing/invoices';
import type { FinanceActivityRecord } from '../../../data/tracking/finance-activities';
import { ValidationError } from '../../../lib/errors';
import { bookedActivityId } from './activity-ids';

/**
 * The client's expenses a draft re-bills at cost (CONTRACT §9 `includeExpenses`): every expense on
 * the client's projects dated in the period that no invoice holds, one line each — the task (with
 * the expense's description when it has one), quantity 1 piece (`C62`), the price its net `amount`
 * to the cent, booked on its project when paid. The draft claims them as it claims its entries.
 * The expenses a void booked to reverse a paid invoice's income (`Credit note <number>`) are never
 * re-billed: the client owes nothing for them.
 */

/** The most expenses one invoice re-bills: each is a line, and an invoice has at most 200. */
export const MAX_INVOICE_EXPENSES = 200;

/**
 * The ids the reversal expenses of voids have (`reversals.ts`): one per line of a void invoice
 * (booked where the line's income was, paid or not — a "paid" racing the void books some).
 */
function reversalIds(invoices: InvoiceRecord[]): Set<string> {
  const ids = new Set<string>();
  for (const invoice of invoices) {
    if (invoice.status !== 'void') continue;
    invoice.lines.forEach((_, index) => {
      ids.add(bookedActivityId(invoice.invoiceId, 'reversal', index));
    });
  }
  return ids;
}

/**
 * The free expenses of `projectIds` in the period, oldest first: on no invoice, or on one that is
 * void or gone (a draft deleted, or one a crash left unwritten). An index read may trail the table;
 * the claims' version conditions catch that.
 */
export async function freeExpenses(
  userId: string,
  projectIds: string[],
  startdate: string,
  enddate: string,
): Promise<FinanceActivityRecord[]> {
  const [expenses, invoices] = await Promise.all([
    listPeriodExpenses(userId, projectIds, startdate, enddate),
    listInvoices(userId),
  ]);
  const byId = new Map(invoices.map((i) => [i.invoiceId, i]));
  // An invoice the list does not show yet (it may trail the table): read it strongly consistent.
  const unlisted = new Set(
    expenses.map((e) => e.invoiceId).filter((id): id is string => !!id && !byId.has(id)),
  );
  for (const id of unlisted) {
    const invoice = await getInvoice(userId, id);
    if (invoice) byId.set(id, invoice);
  }
  const reversals = reversalIds(invoices);
  const free = (e: FinanceActivityRecord) => {
    const holder = e.invoiceId ? byId.get(e.invoiceId) : undefined;
    return !holder || holder.status === 'void';
  };
  const chosen = expenses
    .filter((e) => !reversals.has(e.activityId) && free(e))
    .sort((a, b) => a.date.localeCompare(b.date) || a.activityId.localeCompare(b.activityId));
  if (chosen.length > MAX_INVOICE_EXPENSES) {
    throw new ValidationError('INVOICE_TOO_MANY_EXPENSES', { values: { max: MAX_INVOICE_EXPENSES } });
  }
  return chosen;
}

/** An expense's line: quantity 1 piece at its net amount. */
export function expenseLine(e: FinanceActivityRecord): InvoiceLineRecord {
  return {
    projectId: e.projectId,
    description: e.subTask === '' ? e.task : `${e.task} – ${e.subTask}`,
    hoursHundredths: 100,
    rateCents: e.amountCents,
    amountCents: e.amountCents,
    unit: 'C62',
    firstDay: e.date.slice(0, 10),
    expenseId: e.activityId,
  };
}

/** The claim of an expense, at the version read. */
export const expenseClaim = (e: FinanceActivityRecord): ExpenseClaim => ({
  expenseId: e.activityId,
  version: e.version,
});
