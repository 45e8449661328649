import { BatchWriteCommand, type BatchWriteCommandInput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from './client';
import { userKey } from './users';

/**
 * Partition-wide access to everything a user owns. Every item of a user — profile, projects,
 * activities, rollups, counters, task indexes, email tokens — lives in `USER#<userId>`, so export
 * and account deletion are a paginated Query of one partition, whatever other modules store there.
 */
type Item = Record<string, unknown>;

/** Access pattern: every item of a user, page by page (export, deletion). */
export async function* partitionPages(
  userId: string,
  options: { keysOnly?: boolean } = {},
): AsyncGenerator<Item[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': userKey(userId).PK },
        ...(options.keysOnly ? { ProjectionExpression: 'PK, SK' } : {}),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    yield out.Items ?? [];
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}

const BATCH = 25;
const MAX_BATCH_ATTEMPTS = 8;

async function deleteKeys(keys: { PK: unknown; SK: unknown }[]): Promise<void> {
  const chunks: (typeof keys)[] = [];
  for (let i = 0; i < keys.length; i += BATCH) chunks.push(keys.slice(i, i + BATCH));
  await Promise.all(
    chunks.map(async (chunk) => {
      let requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string] = chunk.map((Key) => ({
        DeleteRequest: { Key },
      }));
      // BatchWrite may leave items unprocessed under throttling; retry those with backoff.
      for (let attempt = 1; requests.length > 0; attempt++) {
        if (attempt > MAX_BATCH_ATTEMPTS) throw new Error('Could not delete every item of the account');
        const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } }));
        requests = out.UnprocessedItems?.[TABLE] ?? [];
        if (requests.length > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      }
    }),
  );
}

/**
 * Deletes every item of a user's partition except the sort keys in `keep`, and repeats until a
 * read finds nothing left, so an item written while the sweep ran is caught by the next pass.
 * Answers the number of items deleted.
 */
export async function deletePartition(userId: string, keep: readonly string[] = []): Promise<number> {
  let deleted = 0;
  for (let pass = 0; pass < 5; pass++) {
    let found = 0;
    for await (const page of partitionPages(userId, { keysOnly: true })) {
      const keys = page
        .filter((item) => !keep.includes(item.SK as string))
        .map((item) => ({ PK: item.PK, SK: item.SK }));
      found += keys.length;
      await deleteKeys(keys);
    }
    deleted += found;
    if (found === 0) break;
  }
  return deleted;
}
