import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import type { StreamConsumerDefinition } from '../../functions/routes';
import { localDynamoClient } from './dynamodb';
import { loadHandler } from './lambda-events';

/**
 * What Lambda's event source mapping does on AWS, for DynamoDB Local: reads the table's stream
 * (the Streams API on the local endpoint: DescribeStream → each shard's iterator → GetRecords),
 * keeps the records a consumer's filter patterns let through, and invokes the consumer's handler —
 * the same module Lambda runs — with a `DynamoDBStreamEvent` of at most `batchSize` records. A
 * failed batch is retried (as Lambda does) before its records are given up. Polls every `pollMs`.
 */

type Pattern = Record<string, unknown>;

/** Whether a value matches one leaf of a filter pattern: a list of values, or `{exists}`. */
function leafMatches(allowed: unknown[], value: unknown): boolean {
  return allowed.some((a) =>
    a !== null && typeof a === 'object' && 'exists' in a
      ? (a as { exists: boolean }).exists === (value !== undefined)
      : a === value,
  );
}

/** Lambda's event filtering for the patterns Timeledger uses: nested objects, value lists, `exists`. */
export function matchesPattern(pattern: Pattern, event: Record<string, unknown> | undefined): boolean {
  return Object.entries(pattern).every(([key, rule]) => {
    const value = event?.[key];
    if (Array.isArray(rule)) return leafMatches(rule, value);
    return matchesPattern(rule as Pattern, value as Record<string, unknown> | undefined);
  });
}

/** A stream record as Lambda hands it to the function. */
const toLambdaRecord = (r: _Record) => ({
  eventID: r.eventID,
  eventName: r.eventName,
  eventSource: 'aws:dynamodb',
  eventVersion: '1.1',
  awsRegion: process.env.AWS_REGION || 'us-east-1',
  dynamodb: r.dynamodb,
});

const MAX_ATTEMPTS = 3;

/**
 * What an event source mapping with `reportBatchItemFailures` delivers again after a handler's
 * answer: nothing when it reports no failure, else every record from the lowest sequence number it
 * reports on (Lambda checkpoints there). An answer naming a record not in the batch fails the whole
 * batch, as Lambda treats it.
 */
export function redeliveredAfter<R extends { dynamodb?: { SequenceNumber?: string } }>(
  records: R[],
  answer: unknown,
): R[] {
  const failures = (answer as { batchItemFailures?: { itemIdentifier?: string }[] } | undefined)
    ?.batchItemFailures;
  if (!failures || failures.length === 0) return [];
  const positions = failures.map((f) =>
    records.findIndex((r) => r.dynamodb?.SequenceNumber === f.itemIdentifier),
  );
  if (positions.some((p) => p < 0)) return records;
  return records.slice(Math.min(...positions));
}

/**
 * Hands the records each consumer's filters choose to its handler, in batches of its size, as
 * an event source mapping does (records a handler reports failed, and what follows them, again); a
 * batch that keeps failing is logged after {@link MAX_ATTEMPTS}.
 */
async function deliver(consumers: readonly StreamConsumerDefinition[], records: _Record[]) {
  for (const consumer of consumers) {
    const chosen = records
      .map(toLambdaRecord)
      .filter((r) => consumer.filters.some((f) => matchesPattern(f, r as Record<string, unknown>)));
    for (let i = 0; i < chosen.length; i += consumer.batchSize) {
      let batch = chosen.slice(i, i + consumer.batchSize);
      const handler = (await loadHandler(consumer.handler)) as unknown as (e: unknown) => Promise<unknown>;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        try {
          batch = redeliveredAfter(batch, await handler({ Records: batch }));
          if (batch.length === 0) break;
          if (attempt === MAX_ATTEMPTS) throw new Error(`${batch.length} records kept failing`);
        } catch (error) {
          if (attempt === MAX_ATTEMPTS) {
            const message = error instanceof Error ? error.message : String(error);
            process.stderr.write(
              `${JSON.stringify({ level: 'error', message: `${consumer.handler} failed`, error: message })}\n`,
            );
          }
        }
      }
    }
  }
}

/** A table's stream opened for reading: `poll` hands what arrived since the last poll to the consumers. */
export interface OpenStream {
  /** Answers how many records arrived (and went to the consumers). */
  poll(): Promise<number>;
  close(): void;
}

/**
 * Opens the table's stream for the consumers: shards open now are read from now on (what was
 * written before is not news); a shard that opens later is read from its first record. Tests call
 * `poll` themselves, right after the writes whose records they need applied.
 */
export async function openStream(
  endpoint: string,
  tableName: string,
  consumers: readonly StreamConsumerDefinition[],
): Promise<OpenStream> {
  const dynamo = localDynamoClient(endpoint);
  const table = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  dynamo.destroy();
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${tableName} has no stream`);
  const streams = new DynamoDBStreamsClient({
    endpoint,
    region: process.env.AWS_REGION || 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  /** Each shard's next iterator (undefined once a closed shard is read to its end). */
  const iterators = new Map<string, string | undefined>();
  const shards = async () =>
    (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription?.Shards ?? [];
  const iteratorOf = async (shardId: string, type: 'LATEST' | 'TRIM_HORIZON') =>
    (
      await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type }),
      )
    ).ShardIterator;
  for (const shard of await shards()) {
    if (shard.ShardId) iterators.set(shard.ShardId, await iteratorOf(shard.ShardId, 'LATEST'));
  }

  async function poll() {
    let arrived = 0;
    for (const shard of await shards()) {
      const shardId = shard.ShardId;
      if (!shardId) continue;
      let iterator = iterators.has(shardId)
        ? iterators.get(shardId)
        : await iteratorOf(shardId, 'TRIM_HORIZON');
      const records: _Record[] = [];
      while (iterator) {
        const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        records.push(...(out.Records ?? []));
        iterator = out.NextShardIterator;
        if ((out.Records ?? []).length === 0) break;
      }
      // A closed shard answers no next iterator: nothing more will come from it.
      iterators.set(shardId, iterator);
      if (records.length > 0) await deliver(consumers, records);
      arrived += records.length;
    }
    return arrived;
  }
  return { poll, close: () => streams.destroy() };
}

/** A running feed: calling it stops it (after the batch in flight). */
export interface StreamFeed {
  (): Promise<void>;
  /**
   * Resolves once a poll that began after the call has found nothing new: every record written
   * before the call has then reached the consumers and their work (an email sent) is done. Rejects
   * when the feed is stopped first.
   */
  quiet(): Promise<void>;
}

/** Starts feeding the consumers every `pollMs`; answers a stop function that waits for the batch in flight. */
export async function feedStream(
  endpoint: string,
  tableName: string,
  consumers: readonly StreamConsumerDefinition[],
  pollMs = 1000,
): Promise<StreamFeed> {
  const stream = await openStream(endpoint, tableName, consumers);
  let stopped = false;
  let inFlight: Promise<unknown> | undefined;
  /** Polls begun so far, and who waits for a quiet one begun after a given count. */
  let begun = 0;
  const waiting: { after: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  const loop = async () => {
    while (!stopped) {
      const round = ++begun;
      inFlight = stream.poll().catch((error: unknown) => {
        process.stderr.write(
          `${JSON.stringify({ level: 'error', message: 'stream feed', error: String(error) })}\n`,
        );
        return -1;
      });
      if ((await inFlight) === 0) {
        for (const waiter of waiting.filter((w) => w.after < round)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs).unref());
    }
  };
  void loop();
  const stop = async () => {
    stopped = true;
    await inFlight;
    stream.close();
    // No poll will come: whoever still waits learns it rather than waiting for ever.
    for (const waiter of waiting.splice(0)) waiter.reject(new Error('The stream feed was stopped'));
  };
  const quiet = () =>
    stopped
      ? Promise.reject(new Error('The stream feed was stopped'))
      : new Promise<void>((resolve, reject) => waiting.push({ after: begun, resolve, reject }));
  return Object.assign(stop, { quiet });
}
