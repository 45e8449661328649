import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Counts what the product reads from DynamoDB, from the outside: a middleware the benchmark (or a
 * test) adds to the product's one client, so the product itself carries no metering. It asks each
 * read for its consumed capacity and adds up, per command:
 *   items  — items DynamoDB read: a Query's or Scan's `ScannedCount` (what a filter drops still
 *            costs), 1 for a GetItem that found its item, the items a BatchGetItem answered;
 *   queries — Query and Scan calls (pages included);
 *   capacityUnits — the read capacity DynamoDB reported.
 * Only reads made in this process are seen: the benchmarks run the local server in-process.
 */
export interface ReadMeter {
  items: number;
  queries: number;
  capacityUnits: number;
  reset(): void;
}

const READS = new Set(['GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand']);

type ReadOutput = {
  Item?: unknown;
  Count?: number;
  ScannedCount?: number;
  Responses?: Record<string, unknown[]>;
  ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[];
};

/** Adds the meter to `client` (once per client; a second call answers the same meter). */
export function meterReads(client: DynamoDBDocumentClient): ReadMeter {
  const existing = meters.get(client);
  if (existing) return existing;
  const meter: ReadMeter = {
    items: 0,
    queries: 0,
    capacityUnits: 0,
    reset() {
      this.items = 0;
      this.queries = 0;
      this.capacityUnits = 0;
    },
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!READS.has(context.commandName ?? '')) return next(args);
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const out = result.output as ReadOutput;
      switch (context.commandName) {
        case 'GetItemCommand':
          meter.items += out.Item ? 1 : 0;
          break;
        case 'BatchGetItemCommand':
          meter.items += Object.values(out.Responses ?? {}).reduce((n, items) => n + items.length, 0);
          break;
        default:
          meter.queries += 1;
          meter.items += out.ScannedCount ?? out.Count ?? 0;
      }
      const consumed = out.ConsumedCapacity;
      for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
        meter.capacityUnits += c.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'benchReadMeter' },
  );
  meters.set(client, meter);
  return meter;
}

const meters = new WeakMap<DynamoDBDocumentClient, ReadMeter>();
