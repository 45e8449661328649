import { ConditionalCheckFailedException, ddb, TABLE, UpdateCommand } from '../core/client';
import { invoiceKey } from '../core/keys';
import { type InvoiceRecord, invoiceFromItem } from './invoices';

/** The fields of a draft the user shapes (CONTRACT §9 "Drafts people can shape"). */
export type DraftFields = Partial<
  Pick<
    InvoiceRecord,
    | 'startdate'
    | 'enddate'
    | 'notes'
    | 'taxRateHundredths'
    | 'reverseCharge'
    | 'language'
    | 'lines'
    | 'subtotalCents'
    | 'taxCents'
    | 'totalCents'
  >
>;

/**
 * Writes `fields` on the condition that the invoice is still a draft (a send or a delete that got
 * there first wins); answers the draft as written, or `undefined` when it is no draft (or gone).
 */
export async function updateDraftFields(
  userId: string,
  invoiceId: string,
  fields: DraftFields,
): Promise<InvoiceRecord | undefined> {
  const names = Object.keys(fields).filter((n) => fields[n as keyof DraftFields] !== undefined);
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: invoiceKey(userId, invoiceId),
        UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
        ConditionExpression: '#status = :draft',
        ExpressionAttributeNames: {
          '#status': 'status',
          ...Object.fromEntries(names.map((n) => [`#${n}`, n])),
        },
        ExpressionAttributeValues: {
          ':draft': 'draft',
          ...Object.fromEntries(names.map((n) => [`:${n}`, fields[n as keyof DraftFields]])),
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
