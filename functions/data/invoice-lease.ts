import { ConditionalCheckFailedException, DeleteCommand, ddb, PutCommand, TABLE } from './client';
import { invoiceLeaseKey } from './keys';

/**
 * The lease under which a user's drafts are made (`USER#<id>` / `INVOICELEASE`): one draft at a
 * time per user, so two drafts made at once never read the same free entries. It expires on its
 * own (`until`) if its holder dies; the claims' version conditions stay the final guard.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * ms));

const LEASE_MS = 20_000;

/** Takes the user's draft lease, waiting up to ~5 s for another holder; `false` if it stays taken. */
export async function acquireInvoiceLease(userId: string, holder: string): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
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
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      await pause(200);
    }
  }
  return false;
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
