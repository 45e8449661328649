import { ddb, GetCommand, TABLE } from '../core/client';
import { invoiceKey } from '../core/keys';
import type { TxOp } from '../core/transact';

/**
 * The lock of invoiced entries: an entry whose `invoiceId` names a sent or paid invoice cannot be
 * changed, moved or deleted. Its edits and deletes carry this check in their one transaction, so
 * none can pass beside the sending of the invoice (`./invoice-writes.ts`).
 */

/** Transaction item of an entry edit or delete: fails (`invoiced`) while its invoice is sent or paid. */
export function invoiceLockCheck(userId: string, invoiceId: string): TxOp {
  return {
    op: {
      ConditionCheck: {
        TableName: TABLE,
        Key: invoiceKey(userId, invoiceId),
        ConditionExpression: 'attribute_not_exists(PK) OR #status IN (:draft, :void)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':draft': 'draft', ':void': 'void' },
      },
    },
    onConditionFailed: 'invoiced',
  };
}

/**
 * Whether the invoice `invoiceId` is sent or paid (its entries locked): a read before a step that
 * cannot be undone (an expense's receipt files go before the expense), the transaction's check
 * staying the final guard.
 */
export async function isInvoiceLocked(userId: string, invoiceId: string): Promise<boolean> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: invoiceKey(userId, invoiceId), ConsistentRead: true }),
  );
  return out.Item?.status === 'sent' || out.Item?.status === 'paid';
}
