import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { passThroughDdb, realDdb } from '../../../test/faults';
import { type NewActivity, storedIds } from '../tracking/import-writes';
import { TIME_KIND } from '../tracking/time-activities';
import { putItems } from './batch';
import { TABLE } from './client';
import { AGAIN, BATCH_RETRY, backoffMs, type RetryPolicy, retrying } from './retry';

const quick: RetryPolicy = { attempts: 4, baseMs: 1, capMs: 2 };

describe('the data layer retry rule', () => {
  it('waits a jittered time between 0 and the capped exponential bound', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 5000 }),
        (attempt, random, baseMs, capMs) => {
          const policy = { attempts: 10, baseMs, capMs };
          const wait = backoffMs(attempt, policy, () => random);
          expect(wait).toBeGreaterThanOrEqual(0);
          expect(wait).toBeLessThanOrEqual(Math.min(capMs, baseMs * 2 ** attempt));
        },
      ),
    );
  });

  it('does not wait the same time twice in a row for every caller (full jitter)', () => {
    const waits = new Set(Array.from({ length: 20 }, () => backoffMs(5, BATCH_RETRY)));
    expect(waits.size).toBeGreaterThan(1);
  });

  it('runs the step again until it answers, and no more', async () => {
    const tries: number[] = [];
    const result = await retrying(
      quick,
      async (attempt) => {
        tries.push(attempt);
        return attempt < 3 ? AGAIN : 'done';
      },
      () => new Error('gave up'),
    );
    expect(result).toBe('done');
    expect(tries).toEqual([1, 2, 3]);
  });

  it('throws the caller’s error after the bounded attempts', async () => {
    let tries = 0;
    await expect(
      retrying(
        quick,
        async () => {
          tries++;
          return AGAIN;
        },
        () => new Error('gave up'),
      ),
    ).rejects.toThrow('gave up');
    expect(tries).toBe(quick.attempts);
  });

  it('passes a step’s own error through at once', async () => {
    let tries = 0;
    const failing = retrying(
      quick,
      async () => {
        tries++;
        throw new Error('no table');
      },
      () => new Error('gave up'),
    );
    await expect(failing).rejects.toThrow('no table');
    expect(tries).toBe(1);
  });
});

describe('unprocessed batch keys (import, on DynamoDB Local)', () => {
  const entry = (userId: string): NewActivity => ({
    k: TIME_KIND as unknown as NewActivity['k'],
    record: { userId, activityId: ulid() } as NewActivity['record'],
  });
  const keyOf = (e: NewActivity) => e.k.key(e.record.userId, e.record.activityId);

  it('asks again for keys DynamoDB left unprocessed and finds the stored entries', async () => {
    const userId = `retry-${ulid()}`;
    const stored = entry(userId);
    const entries = [entry(userId), stored, entry(userId)];
    await putItems([{ ...keyOf(stored), activityId: stored.record.activityId }]);
    const mock = passThroughDdb();
    try {
      let calls = 0;
      mock
        .on(BatchGetCommand)
        .callsFake((input) =>
          calls++ === 0
            ? { Responses: { [TABLE]: [] }, UnprocessedKeys: { [TABLE]: { Keys: entries.map(keyOf) } } }
            : realDdb.send(new BatchGetCommand(input)),
        );
      const found = await storedIds(entries);
      expect([...found]).toEqual([stored.record.activityId]);
      expect(mock.commandCalls(BatchGetCommand)).toHaveLength(2);
    } finally {
      mock.restore();
    }
  });

  it('fails loudly, instead of taking unread entries for new ones, when the keys stay unprocessed', async () => {
    const entries = [entry(`retry-${ulid()}`)];
    const mock = passThroughDdb();
    try {
      mock
        .on(BatchGetCommand)
        .resolves({ Responses: { [TABLE]: [] }, UnprocessedKeys: { [TABLE]: { Keys: entries.map(keyOf) } } });
      await expect(storedIds(entries)).rejects.toThrow(/could not read 1 stored entries/);
      expect(mock.commandCalls(BatchGetCommand)).toHaveLength(BATCH_RETRY.attempts);
    } finally {
      mock.restore();
    }
  });
});
