import { ConditionalCheckFailedException, ddb, TABLE, UpdateCommand } from '../core/client';
import { invoiceKey } from '../core/keys';
import { type InvoiceEmailRecord, MAX_RECORDED_EMAILS } from './invoice-kinds';

/**
 * The emails an issued invoice went out in (CONTRACT §9: `GET /api/invoices/{id}` lists `emails`),
 * kept in the invoice item, oldest first, the newest {@link MAX_RECORDED_EMAILS} of them.
 */

/** Appends one email to the invoice's list (the oldest dropped past the maximum); false if it is gone. */
export async function recordInvoiceEmail(
  userId: string,
  invoiceId: string,
  email: InvoiceEmailRecord,
): Promise<boolean> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: invoiceKey(userId, invoiceId),
        UpdateExpression: 'SET emails = list_append(if_not_exists(emails, :none), :one)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':none': [], ':one': [email] },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const count = (out.Attributes?.emails as unknown[] | undefined)?.length ?? 0;
    if (count > MAX_RECORDED_EMAILS) await dropOldest(userId, invoiceId);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

async function dropOldest(userId: string, invoiceId: string): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: invoiceKey(userId, invoiceId),
        UpdateExpression: 'REMOVE emails[0]',
        ConditionExpression: 'size(emails) > :max',
        ExpressionAttributeValues: { ':max': MAX_RECORDED_EMAILS },
      }),
    );
  } catch (error) {
    // Another email's append dropped it first.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
