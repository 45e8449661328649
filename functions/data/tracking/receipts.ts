import { deleteItems } from '../core/batch';
import { ddb, GetCommand, TABLE } from '../core/client';
import { WriteConflictError } from '../core/errors';
import { receiptItemKey } from '../core/keys';
import { AGAIN, retrying, VERSION_RETRY } from '../core/retry';
import { type TxOp, transact } from '../core/transact';
import { financeActivityKey, getFinanceActivity } from './finance-activities';
import { liveProjectCheck } from './projects';
import { type ReceiptSummary, receiptMap } from './receipt-items';

export type { ReceiptSummary };

/**
 * Receipts of income and expenses. Each is an item `USER#<userId>` / `RECEIPT#<receiptId>` (what
 * the id alone finds: the owner's GET and DELETE, the upload check) and a copy in its entry's
 * `receipts` map (what lists of entries answer without a further read). Both are written in one
 * transaction, and every change of the map raises the entry's `version`, so an edit of the entry
 * made at the same time (which puts the whole item back on the version it read) starts again from
 * the fresh item instead of dropping a receipt. The files are the domain's (S3).
 */

/** A receipt as stored. */
export interface ReceiptRecord extends ReceiptSummary {
  userId: string;
  activityId: string;
}

const summaryOf = ({ userId: _u, activityId: _a, ...summary }: ReceiptRecord): ReceiptSummary => summary;

function recordOf(item: Record<string, unknown>): ReceiptRecord {
  return {
    receiptId: String(item.receiptId),
    userId: String(item.userId),
    activityId: String(item.activityId),
    filename: String(item.filename ?? ''),
    contentType: String(item.contentType ?? ''),
    bytes: Number(item.bytes ?? 0),
    createdAt: String(item.createdAt ?? ''),
    ...(typeof item.uploadedAt === 'string' ? { uploadedAt: item.uploadedAt } : {}),
  };
}

/** Access pattern: one receipt of a user by its id (GetItem, consistent); another user's is absent. */
export async function getReceipt(userId: string, receiptId: string): Promise<ReceiptRecord | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: receiptItemKey(userId, receiptId), ConsistentRead: true }),
  );
  return out.Item ? recordOf(out.Item) : undefined;
}

const deleteReceiptOp = (userId: string, receiptId: string): TxOp => ({
  op: { Delete: { TableName: TABLE, Key: receiptItemKey(userId, receiptId) } },
});

export type AddReceiptResult =
  /** `dropped`: pending receipts whose upload never came, taken out of the entry now. */
  | { status: 'added'; dropped: ReceiptSummary[] }
  /** No such finance entry of the user, or its project is being deleted. */
  | { status: 'no-activity' }
  /** The entry keeps `max` receipts already. */
  | { status: 'limit' };

/**
 * Adds a receipt to a finance entry: ONE transaction of the receipt item (`attribute_not_exists`),
 * the entry's map with it (on the version read, `ADD version 1`) and a check that the project is
 * live. Pending receipts made before `pendingBefore` (their presigned URL has expired) are dropped
 * from the map and their items deleted; at most `max` receipts remain with the new one.
 */
export async function addReceipt(
  record: ReceiptRecord,
  options: { max: number; pendingBefore: string },
): Promise<AddReceiptResult> {
  const { userId, activityId } = record;
  return retrying(
    VERSION_RETRY,
    async (): Promise<AddReceiptResult | typeof AGAIN> => {
      const entry = await getFinanceActivity(userId, activityId);
      if (!entry) return { status: 'no-activity' };
      const current = entry.receipts ?? [];
      const kept = current.filter((r) => r.uploadedAt || r.createdAt >= options.pendingBefore);
      const dropped = current.filter((r) => !kept.includes(r));
      if (kept.length >= options.max) return { status: 'limit' };
      const result = await transact([
        {
          op: {
            Update: {
              TableName: TABLE,
              Key: financeActivityKey(userId, activityId),
              UpdateExpression: 'SET receipts = :receipts ADD #version :one',
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: {
                ':receipts': receiptMap([...kept, summaryOf(record)]),
                ':one': 1,
                ':version': entry.version,
              },
            },
          },
          onConditionFailed: 'changed',
        },
        {
          op: {
            Put: {
              TableName: TABLE,
              Item: { ...receiptItemKey(userId, record.receiptId), type: 'RECEIPT', ...record },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          onConditionFailed: 'exists',
        },
        liveProjectCheck(userId, entry.projectId, 'project'),
        ...dropped.map((r) => deleteReceiptOp(userId, r.receiptId)),
      ]);
      if (result.ok) return { status: 'added', dropped };
      if (result.failed.includes('project')) return { status: 'no-activity' };
      if (result.failed.includes('exists')) throw new Error(`Receipt ${record.receiptId} exists already`);
      return AGAIN;
    },
    () => new WriteConflictError(),
  );
}

export type MarkResult = 'uploaded' | 'already' | 'unknown' | 'gone';

/**
 * Marks a pending receipt as uploaded at `uploadedAt`, on its item and in its entry's map (`ADD
 * version 1`), if the entry is still there in a live project: `gone` when it is not (the domain
 * then removes the file), `unknown` when there is no such receipt, `already` when it was marked.
 */
export async function markReceiptUploaded(
  userId: string,
  receiptId: string,
  uploadedAt: string,
): Promise<MarkResult> {
  const receipt = await getReceipt(userId, receiptId);
  if (!receipt) return 'unknown';
  if (receipt.uploadedAt) return 'already';
  const entry = await getFinanceActivity(userId, receipt.activityId);
  if (!entry) return 'gone';
  const result = await transact([
    {
      op: {
        Update: {
          TableName: TABLE,
          Key: receiptItemKey(userId, receiptId),
          UpdateExpression: 'SET uploadedAt = :at',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(uploadedAt)',
          ExpressionAttributeValues: { ':at': uploadedAt },
        },
      },
      onConditionFailed: 'receipt',
    },
    {
      op: {
        Update: {
          TableName: TABLE,
          Key: financeActivityKey(userId, receipt.activityId),
          UpdateExpression: 'SET receipts.#id.uploadedAt = :at ADD #version :one',
          ConditionExpression: 'attribute_exists(receipts.#id)',
          ExpressionAttributeNames: { '#id': receiptId, '#version': 'version' },
          ExpressionAttributeValues: { ':at': uploadedAt, ':one': 1 },
        },
      },
      onConditionFailed: 'entry',
    },
    liveProjectCheck(userId, entry.projectId, 'project'),
  ]);
  if (result.ok) return 'uploaded';
  if (result.failed.includes('receipt')) {
    const again = await getReceipt(userId, receiptId);
    if (!again) return 'unknown';
    if (again.uploadedAt) return 'already';
  }
  // The entry went (or moved into a project being deleted): the receipt goes with it.
  return 'gone';
}

/**
 * Removes a receipt's item and its entry's copy (`ADD version 1`) in one transaction; the entry
 * gone, only the item. Answers what was removed (`undefined`: there was no such receipt).
 */
export async function removeReceipt(userId: string, receiptId: string): Promise<ReceiptRecord | undefined> {
  const receipt = await getReceipt(userId, receiptId);
  if (!receipt) return undefined;
  const result = await transact([
    deleteReceiptOp(userId, receiptId),
    {
      op: {
        Update: {
          TableName: TABLE,
          Key: financeActivityKey(userId, receipt.activityId),
          UpdateExpression: 'REMOVE receipts.#id ADD #version :one',
          ConditionExpression: 'attribute_exists(receipts.#id)',
          ExpressionAttributeNames: { '#id': receiptId, '#version': 'version' },
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      onConditionFailed: 'entry',
    },
  ]);
  if (!result.ok) await transact([deleteReceiptOp(userId, receiptId)]);
  return receipt;
}

/** Deletes receipt items by id (BatchWrite): the clean-up of a deleted project's entries. */
export async function deleteReceiptItems(userId: string, receiptIds: readonly string[]): Promise<void> {
  await deleteItems(receiptIds.map((id) => receiptItemKey(userId, id)));
}
