import { createHash } from 'node:crypto';
import type { FinanceActivityCreate } from '../../../../contract/activities';
import { MAX_NAME_LENGTH } from '../../../../contract/limits';
import { centsToAmount } from '../../../../contract/money';
import type { ReceivedInvoice } from './invoice';

/**
 * The expense a received e-invoice books (CONTRACT §9): the net total as `amount`, the VAT total
 * as `vatAmount`, the issue date as `date`, the seller as the task and `Invoice <number>` as the
 * sub-task, category `other` (an invoice names nothing our categories could be read from
 * reliably). Pure.
 */

/**
 * Who the seller is for telling duplicates: its VAT ID (BT-31) when the invoice gives one, else
 * its name, compared without case, accents of width or runs of spaces (NFKC, lower case).
 */
export function sellerKey(invoice: ReceivedInvoice): string {
  if (invoice.seller.vatId) return `vat:${invoice.seller.vatId}`;
  return `name:${invoice.seller.name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()}`;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The expense's id: a ULID made from the user, the seller and the invoice number (128 bits of
 * SHA-256; the first character 0–7, as every ULID's). The duplicate guard is the expense itself:
 * the second booking of the same invoice makes the same id, and the expense's conditional Put
 * (`attribute_not_exists`) refuses it in the same transaction — two uploads at once book one. When
 * the expense is deleted, the invoice can be booked again.
 */
export function receivedExpenseId(userId: string, invoice: ReceivedInvoice): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(['received-einvoice', userId, sellerKey(invoice), invoice.number]))
    .digest();
  // 128 bits as 26 base-32 digits: 3 bits, then 25 × 5.
  let bits = 0n;
  for (const byte of digest.subarray(0, 16)) bits = (bits << 8n) | BigInt(byte);
  let id = '';
  for (let i = 25; i >= 0; i--) id += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return id;
}

/** A text cut to `max` characters (code points), as the API counts them. */
export function clipped(text: string, max = MAX_NAME_LENGTH): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/** The create body of the expense, for the same write path as a hand-made one. */
export function expenseOf(
  userId: string,
  projectId: string,
  invoice: ReceivedInvoice,
): FinanceActivityCreate {
  return {
    _id: receivedExpenseId(userId, invoice),
    projectId,
    activity: clipped(invoice.seller.name),
    description: clipped(`Invoice ${invoice.number}`),
    date: invoice.issueDate,
    amount: centsToAmount(invoice.netCents),
    vatAmount: centsToAmount(invoice.taxCents),
    expense: true,
    category: 'other',
    notes: null,
  };
}
