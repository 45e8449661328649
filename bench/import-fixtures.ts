import { performance } from 'node:perf_hooks';
import { ulid } from 'ulid';
import type { EntryKind } from '../functions/data/core/keys';
import { benchUser } from './stack';

/**
 * What the import benchmarks share: a meter of the handlers' transactions, a Toggl Track file of
 * any size, a bench user and a count of the items in a partition.
 */

/** What the handlers' TransactWriteItems calls cost; the local server runs them in this process. */
export const txMeter = { calls: 0, items: 0, ms: 0 };
let meterInstalled = false;

export async function installTxMeter() {
  if (meterInstalled) return;
  meterInstalled = true;
  const { ddb } = await import('../functions/data/core/client');
  ddb.middlewareStack.add(
    (next) => async (args) => {
      const items = (args.input as { TransactItems?: unknown[] }).TransactItems;
      if (!items) return next(args);
      const t0 = performance.now();
      try {
        return await next(args);
      } finally {
        txMeter.calls++;
        txMeter.items += items.length;
        txMeter.ms += performance.now() - t0;
      }
    },
    { step: 'initialize', name: 'benchTransactionMeter' },
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Toggl Track detailed report of `rows` entries over the last years: 6 projects, 8 tasks, 12 descriptions. */
export function togglFile(rows: number): string {
  const lines = [
    'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (EUR)',
  ];
  const start = Date.UTC(2020, 0, 1);
  for (let i = 0; i < rows; i++) {
    // About 12 entries a working day, one after another from 08:00.
    const day = new Date(start + Math.floor(i / 12) * 86_400_000);
    const minutes = 8 * 60 + (i % 12) * 40;
    const length = 5 + ((i * 7) % 35);
    const d = day.toISOString().slice(0, 10);
    const t = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}:00`;
    lines.push(
      [
        'Bench User',
        'bench@example.com',
        'Client',
        `Project ${i % 6}`,
        i % 5 === 0 ? '' : `Task ${i % 8}`,
        `"Work item ${i % 12}, part ""${i % 3}"""`,
        'Yes',
        d,
        t(minutes),
        d,
        t(minutes + length),
        `00:${pad(length)}:00`,
        '',
        '0.00',
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function newUser(): Promise<{ userId: string; token: string }> {
  const { putDemoProfile } = await import('../functions/data/identity/demo');
  const { signToken } = await import('../functions/lib/jwt');
  const userId = ulid();
  await putDemoProfile(
    benchUser({ _id: userId, name: 'Bench Import', email: `bench-import-${userId}@example.com` }),
  );
  return { userId, token: await signToken({ sub: userId, ver: 0 }) };
}

/** Items in the user's partition (all of them, or the entries of one kind). */
export async function countItems(userId: string, kind?: EntryKind): Promise<number> {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { ddb, TABLE } = await import('../functions/data/core/client');
  const { entryPrefix, userPartition } = await import('../functions/data/core/keys');
  const prefix = kind ? entryPrefix(kind) : undefined;
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: prefix ? 'PK = :pk AND begins_with(SK, :p)' : 'PK = :pk',
        ExpressionAttributeValues: { ':pk': userPartition(userId), ...(prefix ? { ':p': prefix } : {}) },
        Select: 'COUNT',
        ExclusiveStartKey,
      }),
    );
    count += out.Count ?? 0;
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}
