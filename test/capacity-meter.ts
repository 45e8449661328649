import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * What the product writes and reads, metered from the outside: a middleware on the product's one
 * DynamoDB client that asks every call for its consumed capacity (`ReturnConsumedCapacity:
 * 'TOTAL'`, which DynamoDB Local answers as AWS does) and adds up, per kind:
 *   writeItems — items a write call touched (each of a transaction's items, a ConditionCheck too);
 *   writeUnits — the write capacity reported (a transaction's items count twice, as AWS bills them);
 *   readItems, readUnits — items read (a Query's scanned items) and the read capacity reported;
 *   calls — requests sent, by command.
 * Only calls made in this process are seen: tests call the handlers in-process.
 */
export interface CapacityMeter {
  writeItems: number;
  writeUnits: number;
  readItems: number;
  readUnits: number;
  calls: Record<string, number>;
  reset(): void;
}

type Output = {
  Item?: unknown;
  Count?: number;
  ScannedCount?: number;
  Responses?: Record<string, unknown[]>;
  ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[];
};

type Input = {
  TransactItems?: unknown[];
  RequestItems?: Record<string, unknown[]>;
  ReturnConsumedCapacity?: string;
};

const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
]);

function units(out: Output): number {
  const consumed = out.ConsumedCapacity;
  return (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
    (n, c) => n + (c.CapacityUnits ?? 0),
    0,
  );
}

/** Adds the meter to `client` (once per client; a second call answers the same meter). */
export function meterCapacity(client: DynamoDBDocumentClient): CapacityMeter {
  const existing = meters.get(client);
  if (existing) return existing;
  const meter: CapacityMeter = {
    writeItems: 0,
    writeUnits: 0,
    readItems: 0,
    readUnits: 0,
    calls: {},
    reset() {
      this.writeItems = 0;
      this.writeUnits = 0;
      this.readItems = 0;
      this.readUnits = 0;
      this.calls = {};
    },
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? '';
      const input = args.input as Input;
      input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const out = result.output as Output;
      meter.calls[name] = (meter.calls[name] ?? 0) + 1;
      if (WRITES.has(name)) {
        if (input.TransactItems) meter.writeItems += input.TransactItems.length;
        else if (input.RequestItems)
          meter.writeItems += Object.values(input.RequestItems).reduce((n, list) => n + list.length, 0);
        else meter.writeItems += 1;
        meter.writeUnits += units(out);
      } else {
        if (name === 'GetItemCommand') meter.readItems += out.Item ? 1 : 0;
        else if (name === 'BatchGetItemCommand')
          meter.readItems += Object.values(out.Responses ?? {}).reduce((n, items) => n + items.length, 0);
        else meter.readItems += out.ScannedCount ?? out.Count ?? 0;
        meter.readUnits += units(out);
      }
      return result;
    },
    { step: 'initialize', name: 'testCapacityMeter' },
  );
  meters.set(client, meter);
  return meter;
}

const meters = new WeakMap<DynamoDBDocumentClient, CapacityMeter>();
