import type { BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand, ddb, TABLE } from './client';
import { AGAIN, BATCH_RETRY, retrying } from './retry';

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];
export type ItemKey = { PK: unknown; SK: unknown };

/** DynamoDB's BatchWriteItem limit. */
const BATCH_SIZE = 25;

/** One BatchWrite of up to 25 requests, sending again what DynamoDB leaves unprocessed. */
async function writeBatch(requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  await retrying(
    BATCH_RETRY,
    async () => {
      const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }));
      pending = out.UnprocessedItems?.[TABLE] ?? [];
      return pending.length > 0 ? AGAIN : undefined;
    },
    () => new Error(`BatchWrite left ${pending.length} items unprocessed`),
  );
}

/** Runs requests 25 per BatchWrite with at most `concurrency` batches in flight. */
async function writeAll(requests: WriteRequest[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (;;) {
      const start = next;
      next += BATCH_SIZE;
      if (start >= requests.length) return;
      await writeBatch(requests.slice(start, start + BATCH_SIZE));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/**
 * Puts many items (not transactional: bulk seeding only). Answers the number written.
 * The one BatchWrite loop of the data layer, shared with {@link deleteItems}.
 */
export async function putItems(items: Record<string, unknown>[], concurrency = 8): Promise<number> {
  await writeAll(
    items.map((Item) => ({ PutRequest: { Item } })),
    concurrency,
  );
  return items.length;
}

/** Deletes many items by key (not transactional: partition and project clean-up). */
export async function deleteItems(keys: ItemKey[], concurrency = 8): Promise<void> {
  await writeAll(
    keys.map((Key) => ({ DeleteRequest: { Key } })),
    concurrency,
  );
}
