import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException, ddb, TABLE, UpdateCommand } from '../core/client';
import { userKey } from '../core/keys';
import { LIVE_USER_CONDITION } from '../identity/users';

/**
 * The per-user secret in the ids an import gives the projects it creates (issue 35 item 5): a
 * project's id is public (embed snippets), so an id derived from the user id and the name alone
 * could be posted first by another account, pushing parallel imports onto random ids — and
 * duplicate projects. 128 random bits kept on the profile (`importIdSecret`, never shown: the
 * profile's reader does not copy it), made at the first import that creates a project. Parallel
 * first imports converge on one secret: `if_not_exists` keeps the first one written and every
 * writer gets the stored value back.
 */
export async function importIdSecret(userId: string): Promise<string | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: userKey(userId),
        UpdateExpression: 'SET importIdSecret = if_not_exists(importIdSecret, :fresh)',
        ConditionExpression: LIVE_USER_CONDITION,
        ExpressionAttributeValues: { ':fresh': randomBytes(16).toString('base64url') },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return out.Attributes?.importIdSecret as string | undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
