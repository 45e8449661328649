import { ddb, QueryCommand, TABLE } from '../core/client';
import { receiptIdOfSortKey, receiptItemKey, receiptsRange, userPartition } from '../core/keys';
import type { ReceiptRecord } from './receipts';

/** Receipts a page of the file export lists at most (one Query). */
export const RECEIPT_PAGE = 1000;

/**
 * Access pattern: a user's uploaded receipts in id order (oldest first), a page at a time — Query
 * `USER#<id>`, SK BETWEEN `RECEIPT#` AND `RECEIPT$`, filter `attribute_exists(uploadedAt)`,
 * starting after the receipt `after`. `next` is the id to continue after, while more may follow.
 */
export async function uploadedReceiptsPage(
  userId: string,
  after: string | undefined,
): Promise<{ receipts: ReceiptRecord[]; next: string | undefined }> {
  const range = receiptsRange();
  const out = await ddb.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      FilterExpression: 'attribute_exists(uploadedAt)',
      ExpressionAttributeValues: { ':pk': userPartition(userId), ':from': range.from, ':to': range.to },
      Limit: RECEIPT_PAGE,
      ...(after ? { ExclusiveStartKey: receiptItemKey(userId, after) } : {}),
    }),
  );
  const receipts = (out.Items ?? []).map((item) => ({
    receiptId: String(item.receiptId),
    userId,
    activityId: String(item.activityId),
    filename: String(item.filename ?? ''),
    contentType: String(item.contentType ?? ''),
    bytes: Number(item.bytes ?? 0),
    createdAt: String(item.createdAt ?? ''),
    uploadedAt: String(item.uploadedAt),
  }));
  const last = out.LastEvaluatedKey?.SK;
  return { receipts, next: typeof last === 'string' ? receiptIdOfSortKey(last) : undefined };
}
