import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { deleteItems, putItems } from './batch';
import { ddb, TABLE } from './client';

async function itemsOf(pk: string): Promise<Record<string, unknown>[]> {
  const stored: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey,
      }),
    );
    stored.push(...(out.Items ?? []));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return stored;
}

describe('batch writes', () => {
  it('puts more than one batch of 25 in parallel, every item exactly once, and deletes them all again', async () => {
    const pk = `BATCHTEST#${ulid()}`;
    const items = Array.from({ length: 260 }, (_, i) => ({
      PK: pk,
      SK: `ITEM#${String(i).padStart(4, '0')}`,
      n: i,
    }));

    expect(await putItems(items, 4)).toBe(260);
    const stored = await itemsOf(pk);
    expect(stored.map((i) => i.n)).toEqual(items.map((i) => i.n));

    await deleteItems(
      items.map(({ PK, SK }) => ({ PK, SK })),
      3,
    );
    expect(await itemsOf(pk)).toEqual([]);
  });

  it('sends again what DynamoDB leaves unprocessed until nothing is left', async () => {
    const mock = mockClient(ddb);
    try {
      const left = [{ DeleteRequest: { Key: { PK: 'a', SK: '2' } } }];
      mock
        .on(BatchWriteCommand)
        .resolvesOnce({ UnprocessedItems: { [TABLE]: left } })
        .resolves({ UnprocessedItems: {} });

      await deleteItems([
        { PK: 'a', SK: '1' },
        { PK: 'a', SK: '2' },
      ]);

      const calls = mock.commandCalls(BatchWriteCommand);
      expect(calls).toHaveLength(2);
      expect(calls[1]?.args[0].input.RequestItems?.[TABLE]).toEqual(left);
    } finally {
      mock.restore();
    }
  });
});
