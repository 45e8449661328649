import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { getCounters } from '../../functions/data/core/counters';
import { getUserById } from '../../functions/data/identity/users';
import { importCsv } from '../../functions/domain/tracking/csv/import';
import { expectTotalsConsistent, newUser, partition } from '../activities/helpers';
import { passThroughDdb, realDdb } from '../faults';

/** A Toggl Track file of `rows` rows over four projects, two months, with tags. */
function togglFile(rows: number): string {
  const lines = [
    'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags',
  ];
  for (let i = 0; i < rows; i++) {
    const day = `2025-0${1 + (i % 2)}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const minute = String(i % 60).padStart(2, '0');
    lines.push(
      `Ada,ada@example.com,,Project ${i % 4},Task ${i % 3},"Row ${i}, ""🚀""",${i % 5 ? 'Yes' : 'No'},${day},09:${minute}:00,${day},10:${minute}:07,01:00:07,"${i % 2 ? 'a, b' : ''}"`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

let mock: ReturnType<typeof passThroughDdb> | undefined;

/**
 * The connection drops from the `nth` transaction writing entries on: every transaction after it
 * fails too (the other projects' in flight, the fold of the counts at the end), as when the
 * function dies there; what went before is stored.
 */
function connectionLostAtEntryTransaction(nth: number) {
  const ddb = passThroughDdb();
  let entryTransactions = 0;
  ddb.on(TransactWriteCommand).callsFake((input) => {
    const items = (input.TransactItems ?? []) as { Put?: { Item?: { SK?: unknown } } }[];
    if (items.some((i) => String(i.Put?.Item?.SK ?? '').startsWith('TIME#'))) entryTransactions++;
    if (entryTransactions >= nth)
      throw Object.assign(new Error('connection reset'), { name: 'NetworkingError' });
    return realDdb.send(new TransactWriteCommand(input));
  });
  return ddb;
}
afterEach(() => {
  mock?.restore();
  mock = undefined;
});

describe('an import whose writes fail half-way (issue 35 item 8)', () => {
  it('keeps only whole transactions and loses no count; sent again, it stores each row once with exact totals', async () => {
    const { userId } = await newUser({ premium: true });
    const user = await getUserById(userId);
    if (!user) throw new Error('no user');
    const text = togglFile(600);
    mock = connectionLostAtEntryTransaction(3);
    await expect(
      importCsv(user, 'toggl', text, { tz: 'UTC', remainingTimeMs: () => 60_000 }),
    ).rejects.toThrow('connection reset');
    mock.restore();
    mock = undefined;

    const half = await partition(userId);
    const stored = half.filter((i) => String(i.SK).startsWith('TIME#')).length;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(600);
    // What the transactions wrote is counted on the projects until a fold moves it.
    const uncounted = half.reduce((n, i) => n + Number(i.uncountedImports ?? 0), 0);
    expect((await getCounters(userId)).activityCount + uncounted).toBe(stored);

    const again = await importCsv(user, 'toggl', text, { tz: 'UTC', remainingTimeMs: () => 60_000 });
    expect(again).toMatchObject({ imported: 600 - stored, skipped: stored, errors: [] });
    const { times } = await expectTotalsConsistent(userId);
    expect(times).toHaveLength(600);
    expect(new Set(times.map((t) => t.activityId)).size).toBe(600);
    expect((await partition(userId)).filter((i) => i.uncountedImports !== undefined)).toEqual([]);
  }, 300_000);
});
