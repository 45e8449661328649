import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ddb } from './client';
import { WriteConflictError } from './errors';
import { MAX_TX_ATTEMPTS, TransactionFailed, type TxOp, transact, transactWrite } from './transact';

const mock = mockClient(ddb);
afterEach(() => mock.reset());
// The API project's files share their worker's modules: leave the client as the next file expects it.
afterAll(() => mock.restore());

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const ops: TxOp[] = [
  {
    op: { ConditionCheck: { TableName: 't', Key: { PK: 'a', SK: 'b' }, ConditionExpression: 'x' } },
    onConditionFailed: 'first',
  },
  {
    op: { ConditionCheck: { TableName: 't', Key: { PK: 'c', SK: 'd' }, ConditionExpression: 'y' } },
    onConditionFailed: 'second',
  },
];

describe('transact', () => {
  it('retries a transaction cancelled by a conflicting write until it goes through', async () => {
    mock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('TransactionConflict', 'None'))
      .resolves({});

    const result = await transact(ops);

    expect(result).toEqual({ ok: true });
    const calls = mock.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(3);
    // Every attempt sends the same items: a retry never drops or duplicates a delta.
    for (const call of calls) expect(call.args[0].input.TransactItems).toEqual(ops.map((o) => o.op));
  });

  it('answers the failed conditions by name without retrying', async () => {
    mock.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));

    const result = await transact(ops);

    expect(result).toEqual({ ok: false, failed: ['second'] });
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('gives up with a write conflict after a bounded number of conflicts', async () => {
    mock.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None'));

    await expect(transact(ops)).rejects.toBeInstanceOf(WriteConflictError);
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(MAX_TX_ATTEMPTS);
  }, 20_000);

  it('passes other failures through untouched', async () => {
    mock.on(TransactWriteCommand).rejects(Object.assign(new Error('boom'), { name: 'ValidationException' }));

    await expect(transact(ops)).rejects.toThrow('boom');
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('transactWrite', () => {
  it('throws TransactionFailed naming exactly the items whose condition failed, after retrying races', async () => {
    mock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict', 'None'))
      .rejectsOnce(cancelled('None', 'ConditionalCheckFailed'));

    const error = await transactWrite(ops.map((o) => o.op)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TransactionFailed);
    expect((error as TransactionFailed).conditionFailed(0)).toBe(false);
    expect((error as TransactionFailed).conditionFailed(1)).toBe(true);
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});
