import type { InvoiceRecord } from '../../../data/billing/invoices';
import { addFinanceActivity, type FinanceActivityRecord } from '../../../data/tracking/finance-activities';
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
 * Books the reversals, each once (a repeat finds it stored). Not held to the free plan's item
 * limit: it undoes income the limit already let in, and a void refused half-way would leave profit
 * wrong. A line whose project was deleted has nowhere to go and is skipped, as its income was.
 */
export async function bookReversals(original: InvoiceRecord, creditNote: InvoiceRecord): Promise<void> {
  for (const record of reversalRecords(original, creditNote)) {
    await addFinanceActivity(record, undefined);
  }
}
