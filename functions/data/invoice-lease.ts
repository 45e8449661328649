import { ConditionalCheckFailedException, DeleteCommand, ddb, PutCommand, TABLE } from './client';
import { WriteConflictError } from './errors';
import { invoiceLeaseKey } from './keys';
import { AGAIN, type RetryPolicy, retrying } from './retry';

/**
 * The lease under which a user's drafts are made (`USER#<id>` / `INVOICELEASE`): one draft at a
 * time per user, so two drafts made at once never read the same free entries. It expires on its
 * own (`until`) if its holder dies; the claims' version conditions stay the final guard.
 */

const LEASE_MS = 20_000;

/** Waiting for another holder's draft: up to ~5 s (a draft of thousands of entries takes a few). */
const LEASE_RETRY: RetryPolicy = { attempts: 50, baseMs: 25, capMs: 200 };

/** Takes the user's draft lease, waiting up to ~5 s for another holder; `WriteConflictError` if it stays taken. */
export async function acquireInvoiceLease(userId: string, holder: string): Promise<void> {
  await retrying(
    LEASE_RETRY,
    async () => ((await tryLease(userId, holder)) ? true : AGAIN),
    () => new WriteConflictError(),
  );
}

/** One try at the lease: free, or held past its `until`. */
async function tryLease(userId: string, holder: string): Promise<boolean> {
  const now = Date.now();
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          ...invoiceLeaseKey(userId),
          holder,
          until: now + LEASE_MS,
          expiresAt: Math.ceil(now / 1000) + 3600,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR #until < :now',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function releaseInvoiceLease(userId: string, holder: string): Promise<void> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: TABLE,
        Key: invoiceLeaseKey(userId),
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
