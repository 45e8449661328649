import { ConditionalCheckFailedException, ddb, TABLE, UpdateCommand } from '../core/client';
import { invoiceKey } from '../core/keys';
import type { TxOp } from '../core/transact';
import { type InvoiceRecord, invoiceFromItem } from './invoices';

/**
 * The status changes of an invoice after sending (paid, void), each on the condition that it is
 * still in the status it was read in. Drafts and the freeing of entries: `./invoice-drafts.ts`;
 * sending and numbers: `./invoice-send.ts`; the lock of invoiced entries: `./invoice-lock.ts`.
 */

/** Transaction item that holds only while the invoice has `status` (e.g. its incomes are booked while it is sent). */
export function invoiceStatusCheck(userId: string, invoiceId: string, status: string, tag: string): TxOp {
  return {
    op: {
      ConditionCheck: {
        TableName: TABLE,
        Key: invoiceKey(userId, invoiceId),
        ConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status },
      },
    },
    onConditionFailed: tag,
  };
}

/**
 * Moves an invoice from `from` to `to` (setting `fields` too) on the condition that it is still
 * `from`; `false` when it is not (or is gone). Answers the invoice as written.
 */
export async function changeInvoiceStatus(
  userId: string,
  invoiceId: string,
  from: InvoiceRecord['status'],
  to: InvoiceRecord['status'],
  fields: Partial<Pick<InvoiceRecord, 'paidDate' | 'voidedAt'>> = {},
): Promise<InvoiceRecord | undefined> {
  const names = Object.keys(fields);
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: invoiceKey(userId, invoiceId),
        UpdateExpression: `SET #status = :to${names.map((n) => `, #${n} = :${n}`).join('')}`,
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: {
          '#status': 'status',
          ...Object.fromEntries(names.map((n) => [`#${n}`, n])),
        },
        ExpressionAttributeValues: {
          ':to': to,
          ':from': from,
          ...Object.fromEntries(names.map((n) => [`:${n}`, fields[n as keyof typeof fields]])),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? invoiceFromItem(out.Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
