import { ConditionalCheckFailedException, DeleteCommand, ddb, PutCommand, TABLE } from './client';
import type { TableKey } from './keys';

/**
 * A lease item: one holder at a time across every function instance. Taken when absent or past
 * its `until` (so a holder that dies frees it on its own); the TTL attribute removes it an hour
 * later. Given back only by the holder that has it.
 */

/** Takes the lease at `key` for `ms` milliseconds; `false` while another holder has it. */
export async function acquireLease(key: TableKey, holder: string, ms: number): Promise<boolean> {
  const now = Date.now();
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...key, holder, until: now + ms, expiresAt: Math.ceil((now + ms) / 1000) + 3600 },
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

/** Gives the lease at `key` back, only if `holder` still has it. */
export async function releaseLease(key: TableKey, holder: string): Promise<void> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: TABLE,
        Key: key,
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
