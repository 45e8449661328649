import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { STREAM_CONSUMERS } from '../functions/routes';
import { enableStream } from '../infra/local/dynamodb';
import { type OpenStream, openStream } from '../infra/local/stream-feed';

/**
 * The table's stream for tests: turned on (the test tables have none) and opened for the per-tag
 * report rollups, so a test writes through the API, calls `poll()` and finds the rollups current —
 * what the local stack's feed does within a second, here exactly when the test asks.
 */
export async function openTagRollupStream(): Promise<OpenStream> {
  const endpoint = process.env.DYNAMODB_ENDPOINT ?? '';
  const table = process.env.TABLE_NAME ?? '';
  await enableStream(endpoint, table);
  return openStream(
    endpoint,
    table,
    STREAM_CONSUMERS.filter((c) => c.handler === 'report-tag-rollups'),
  );
}

/** A plain value as a stream image's attribute (what a time entry item holds). */
function attribute(value: unknown): AttributeValue {
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (Array.isArray(value)) return { L: value.map(attribute) };
  if (value && typeof value === 'object') return { M: image(value as Record<string, unknown>) };
  return { NULL: true };
}

const image = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).map(([k, v]) => [k, attribute(v)])) as Record<
    string,
    AttributeValue
  >;

let sequence = 10n ** 20n;

/**
 * The stream record of an item changing from `before` to `after` (either absent), as Lambda gets it:
 * each with a sequence number higher than the last, as a shard numbers its records.
 */
export function streamRecord(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): DynamoDBRecord {
  return {
    eventName: before ? (after ? 'MODIFY' : 'REMOVE') : 'INSERT',
    dynamodb: {
      SequenceNumber: String(++sequence),
      ...(before ? { OldImage: image(before) } : {}),
      ...(after ? { NewImage: image(after) } : {}),
    },
  };
}
