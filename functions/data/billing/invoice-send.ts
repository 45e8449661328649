import { ddb, GetCommand, TABLE } from '../core/client';
import { WriteConflictError } from '../core/errors';
import { invoiceKey, invoiceNumberKey } from '../core/keys';
import { AGAIN, retrying, VERSION_RETRY } from '../core/retry';
import { type TxOp, transact } from '../core/transact';
import { type InvoiceRecord, type InvoiceSettingsRecord, invoiceFromItem } from './invoices';

/**
 * Sending an invoice: it takes the next number of the user's year (`INVOICENUMBER#<yyyy>`, a
 * counter raised in the same transaction that marks the invoice sent).
 */

/** The last number given in `year` (0 before the first). */
export async function lastNumber(userId: string, year: string): Promise<number> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: invoiceNumberKey(userId, year), ConsistentRead: true }),
  );
  return Number(out.Item?.last ?? 0);
}

/** Transaction item: the year's counter from `last` to the next (fails `counter` when another took it). */
export function numberCounterOp(userId: string, year: string, last: number): TxOp {
  return {
    op: {
      Update: {
        TableName: TABLE,
        Key: invoiceNumberKey(userId, year),
        UpdateExpression: 'SET #last = :next, #type = :type',
        ConditionExpression: last === 0 ? 'attribute_not_exists(#last) OR #last = :last' : '#last = :last',
        ExpressionAttributeNames: { '#last': 'last', '#type': 'type' },
        ExpressionAttributeValues: { ':last': last, ':next': last + 1, ':type': 'INVOICENUMBER' },
      },
    },
    onConditionFailed: 'counter',
  };
}

/** The `n`th number of `year`: `<prefix><yyyy>-<nnnn>` (invoices and credit notes share the sequence). */
export const invoiceNumber = (prefix: string, year: string, n: number) =>
  `${prefix}${year}-${String(n).padStart(4, '0')}`;

/**
 * What sending sets besides status, number, time and issuer, made for the number the round is about
 * to take (the e-invoice and its documents, stored by the caller before it answers).
 */
export type SendFields = (number: string) => Promise<Record<string, unknown>>;

export type SendResult =
  | { status: 'sent'; invoice: InvoiceRecord }
  | { status: 'not-draft' }
  | { status: 'not-found' };

/**
 * Sends a draft: in ONE transaction the year's counter goes from the number read to the next, on
 * the condition that it still holds the number read, and the invoice takes that number on the
 * condition that it is still a draft. Two sends at once cannot both pass the counter's condition,
 * and a send that does not happen does not raise it: numbers are in order, without gap or twin.
 */
export async function sendInvoice(
  userId: string,
  invoiceId: string,
  sentAt: Date,
  issuer: InvoiceSettingsRecord,
  prepare: SendFields = async () => ({}),
): Promise<SendResult> {
  const year = String(sentAt.getUTCFullYear());
  // Losing a round means another send took the number read: every round makes progress.
  return retrying(
    VERSION_RETRY,
    async (): Promise<SendResult | typeof AGAIN> => {
      const last = await lastNumber(userId, year);
      const number = invoiceNumber(issuer.numberPrefix, year, last + 1);
      const fields = await prepare(number);
      const result = await transact([
        numberCounterOp(userId, year, last),
        sentOp(userId, invoiceId, { number, sentAt, issuer, fields }),
      ]);
      if (result.ok) return { status: 'sent', invoice: await getOrThrow(userId, invoiceId) };
      if (!result.failed.includes('status')) return AGAIN;
      const current = await getInvoiceItem(userId, invoiceId);
      return { status: current ? 'not-draft' : 'not-found' };
    },
    () => new WriteConflictError(),
  );
}

/**
 * Transaction item: the draft becomes sent with its number, the issuer's copy and `fields` (`status`
 * if not a draft).
 */
function sentOp(
  userId: string,
  invoiceId: string,
  sent: { number: string; sentAt: Date; issuer: InvoiceSettingsRecord; fields: Record<string, unknown> },
): TxOp {
  const names = Object.keys(sent.fields);
  return {
    op: {
      Update: {
        TableName: TABLE,
        Key: invoiceKey(userId, invoiceId),
        UpdateExpression: `SET #status = :sent, #number = :number, sentAt = :at, issuer = :issuer${names
          .map((_n, i) => `, #f${i} = :f${i}`)
          .join('')}`,
        ConditionExpression: '#status = :draft',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#number': 'number',
          ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        },
        ExpressionAttributeValues: {
          ':sent': 'sent',
          ':draft': 'draft',
          ':number': sent.number,
          ':at': sent.sentAt.toISOString(),
          ':issuer': sent.issuer,
          ...Object.fromEntries(names.map((n, i) => [`:f${i}`, sent.fields[n]])),
        },
      },
    },
    onConditionFailed: 'status',
  };
}

/** One invoice, strongly consistent. */
export async function getInvoiceItem(userId: string, invoiceId: string) {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: invoiceKey(userId, invoiceId), ConsistentRead: true }),
  );
  return out.Item ? invoiceFromItem(out.Item) : undefined;
}

async function getOrThrow(userId: string, invoiceId: string): Promise<InvoiceRecord> {
  const invoice = await getInvoiceItem(userId, invoiceId);
  if (!invoice) throw new Error(`Invoice ${invoiceId} vanished`);
  return invoice;
}
