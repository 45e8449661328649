import type { InvoiceRecord } from '../../../data/billing/invoices';
import {
  addFinanceActivity,
  type FinanceActivityRecord,
  getFinanceActivity,
} from '../../../data/tracking/finance-activities';
import { bookedActivityId } from './activity-ids';

/**
 * What voiding a paid invoice books so profit is back where it was (CONTRACT §9): per line an
 * expense on its project of the line's net amount — the income the payment booked — named
 * `Credit note <number>`, on the day the credit note was issued. It carries no VAT: the credit note
 * itself takes the output VAT back in the tax period, the expense must not count it as input VAT.
 */

/** The reversal expenses of `original`, cancelled by `creditNote`: one per line, ids fixed per line. */
export function reversalRecords(original: InvoiceRecord, creditNote: InvoiceRecord): FinanceActivityRecord[] {
  const at = creditNote.sentAt ?? creditNote.createdAt;
  return original.lines.map((line, index) => ({
    activityId: bookedActivityId(original.invoiceId, 'reversal', index),
    userId: original.userId,
    projectId: line.projectId,
    task: `Credit note ${creditNote.number ?? ''}`,
    subTask: '',
    date: `${at.slice(0, 10)}T00:00:00.000Z`,
    version: 1,
    createdAt: at,
    updatedAt: at,
    amountCents: line.amountCents,
    expense: true,
    category: 'other',
    notes: original.client.name,
  }));
}

/**
 * Books the reversal of each line whose payment income is stored, each once (a repeat finds it
 * stored). It asks the incomes, not the invoice's `paidDate`: a "paid" racing the void may have
 * booked some lines before the void made the invoice void (its later lines and its status change
 * are then refused), and a "paid" the free plan's limit stopped half-way leaves some booked too.
 * The void has already changed the status when this runs, and each income is written only while
 * the invoice is sent, so no income can appear after this read. Not held to the free plan's item
 * limit: it undoes income the limit already let in. A line whose project was deleted has nowhere to
 * go and is skipped, as its income was.
 */
export async function bookReversals(original: InvoiceRecord, creditNote: InvoiceRecord): Promise<void> {
  for (const [index, record] of reversalRecords(original, creditNote).entries()) {
    const income = bookedActivityId(original.invoiceId, 'income', index);
    if (!(await getFinanceActivity(original.userId, income))) continue;
    await addFinanceActivity(record, undefined);
  }
}
