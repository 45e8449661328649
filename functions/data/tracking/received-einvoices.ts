import { ConditionalCheckFailedException, DeleteCommand, ddb, TABLE, UpdateCommand } from '../core/client';
import { receivedEinvoiceKey } from '../core/keys';
import type { TxOp } from '../core/transact';

/**
 * The receipt-pending marker of an expense booked from a received e-invoice (CONTRACT §9
 * "E-invoices received"). Key: `USER#<userId>` / `EINVOICEIN#<activityId>`; `until` (ms): while in
 * the future, one request is keeping the file as the receipt (a lease); `expiresAt` (TTL).
 *
 * The marker is written in the expense's own transaction and deleted once the file is kept, so a
 * booking whose receipt failed (S3 down, the function stopped) can be finished: the same upload
 * again finds the expense already stored and the marker still there, takes the lease and keeps
 * the file. Two uploads at once cannot both keep it: only one takes the lease.
 */

/** How long a request holds the lease: longer than any function's timeout (29 s). */
export const RECEIPT_LEASE_MS = 60_000;
/** How long an unfinished receipt can still be finished by uploading the file again. */
export const RECEIPT_PENDING_DAYS = 7;

/** The marker's Put, for the expense's transaction: its lease held by the request that books it. */
export function receiptPendingOp(userId: string, activityId: string, nowMs: number): TxOp {
  return {
    op: {
      Put: {
        TableName: TABLE,
        Item: {
          ...receivedEinvoiceKey(userId, activityId),
          type: 'EINVOICEIN',
          activityId,
          until: nowMs + RECEIPT_LEASE_MS,
          expiresAt: Math.ceil(nowMs / 1000) + RECEIPT_PENDING_DAYS * 86_400,
        },
      },
    },
  };
}

/**
 * Takes the lease of a pending receipt: true when the marker exists and no other request holds
 * it; false when the receipt was kept already (no marker) or another request is keeping it.
 */
export async function claimPendingReceipt(userId: string, activityId: string, nowMs = Date.now()) {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: receivedEinvoiceKey(userId, activityId),
        UpdateExpression: 'SET #until = :until',
        ConditionExpression: 'attribute_exists(PK) AND #until < :now',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':until': nowMs + RECEIPT_LEASE_MS, ':now': nowMs },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Gives the lease back after a failed try, so the next upload may finish at once. */
export async function releasePendingReceipt(userId: string, activityId: string): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: receivedEinvoiceKey(userId, activityId),
        UpdateExpression: 'SET #until = :zero',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** The receipt is kept: the marker goes. */
export async function finishPendingReceipt(userId: string, activityId: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: TABLE, Key: receivedEinvoiceKey(userId, activityId) }));
}
