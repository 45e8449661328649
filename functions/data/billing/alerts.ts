import { DeleteCommand, ddb, PutCommand, TABLE } from '../core/client';
import { alertKey } from '../core/keys';

/**
 * Records of budget alerts sent: `USER#<userId>` / `ALERT#<projectId>#<what>`. An alert is claimed
 * by a conditional Put before its email goes out, so a stream event delivered twice (Lambda retries
 * a batch whole) sends nothing twice; if the email then fails, the claim is released so the retry
 * sends it. Monthly records carry `expiresAt` (TTL) past their month; the rest go with the project
 * (`projectDerivedPrefixes`) or the account.
 */

/** Access pattern: claim an alert; `false` when it was already claimed (sent). */
export async function claimAlert(
  userId: string,
  projectId: string,
  what: string,
  expiresAt?: number,
): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          ...alertKey(userId, projectId, what),
          type: 'ALERT',
          sentAt: new Date().toISOString(),
          ...(expiresAt ? { expiresAt } : {}),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Access pattern: release an alert (its email failed, or the condition it was about has passed). */
export async function releaseAlert(userId: string, projectId: string, what: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: TABLE, Key: alertKey(userId, projectId, what) }));
}
