import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/error-codes';
import { ddb } from '../../functions/data/core/client';
import { getCounters } from '../../functions/data/core/counters';
import { getUserById } from '../../functions/data/identity/users';
import { foldImportCounts } from '../../functions/data/tracking/import-counts';
import { importCsv } from '../../functions/domain/tracking/csv/import';
import { expectTotalsConsistent, newUser, partition } from '../activities/helpers';

/** A Toggl Track detailed report of `rows` entries: 3 projects, tasks and days that share rollups. */
function togglFile(rows: number): string {
  const lines = [
    'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration',
  ];
  for (let i = 0; i < rows; i++) {
    const day = `2024-0${1 + (i % 3)}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const minute = String(i % 60).padStart(2, '0');
    lines.push(
      `Ada,ada@example.com,,Project ${i % 3},Task ${i % 4},"Row ${i}, ""🚀""",Yes,${day},09:${minute}:00,${day},10:${minute}:00,01:00:00`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Counts the TransactWriteItems calls the import sends (observed, not changed). */
function countTransactions() {
  const seen = { calls: 0 };
  const name = `count-${Math.random()}`;
  ddb.middlewareStack.add(
    (next) => async (args) => {
      if ((args.input as { TransactItems?: unknown[] }).TransactItems) seen.calls++;
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { seen, stop: () => ddb.middlewareStack.remove(name) };
}

describe('an import that runs out of the function’s time', () => {
  it('stops between transactions, and the same file sent again adds exactly the rest', async () => {
    const { userId } = await newUser({ premium: true });
    const user = await getUserById(userId);
    if (!user) throw new Error('no user');
    const text = togglFile(400);
    // Time for three transactions (asked before each and while it runs), then (nearly) none.
    let checks = 0;
    const first = await importCsv(user, 'toggl', text, {
      tz: 'UTC',
      remainingTimeMs: () => (checks++ < 6 ? 60_000 : 1_000),
    });
    expect(first.imported).toBeGreaterThan(0);
    expect(first.imported).toBeLessThan(400);
    expect(first.errors).toHaveLength(400 - first.imported);
    expect(
      first.errors.every((e) => e.code === 'ROW_OUT_OF_TIME' && e.msg === API_ERRORS.ROW_OUT_OF_TIME),
    ).toBe(true);
    // Projects are written side by side: a transaction given up at the end may still be stored
    // whole (its rows answered out of time), and so may the fold of the counts, given up too. Once
    // they settled and the counts are folded, every entry stored is counted once.
    let stored = 0;
    for (let settle = 0; settle < 20; settle++) {
      await foldImportCounts(userId);
      stored = (await partition(userId)).filter((i) => String(i.SK).startsWith('TIME#')).length;
      if ((await getCounters(userId)).activityCount === stored) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(stored).toBeGreaterThanOrEqual(first.imported);
    expect(stored).toBeLessThan(400);
    expect((await getCounters(userId)).activityCount).toBe(stored);

    const again = await importCsv(user, 'toggl', text, { tz: 'UTC', remainingTimeMs: () => 60_000 });
    expect(again).toEqual({
      imported: 400 - stored,
      skipped: stored,
      projectsCreated: [],
      clientsCreated: [],
      ignoredColumns: ['User', 'Email'],
      errors: [],
    });
    expect((await getCounters(userId)).activityCount).toBe(400);
    await expectTotalsConsistent(userId);
  }, 120_000);

  it('gives up a transaction still running at the function’s end: the report says so, and a re-send leaves each row once', async () => {
    const { userId } = await newUser({ premium: true });
    const user = await getUserById(userId);
    if (!user) throw new Error('no user');
    const text = togglFile(200);
    // Enough time to start the first transaction, none left to wait for it.
    let checks = 0;
    const first = await importCsv(user, 'toggl', text, {
      tz: 'UTC',
      remainingTimeMs: () => (checks++ === 0 ? 60_000 : 2_000),
    });
    expect(first.imported).toBe(0);
    expect(first.errors).toHaveLength(200);
    expect(
      first.errors.every((e) => e.code === 'ROW_OUT_OF_TIME' && e.msg === API_ERRORS.ROW_OUT_OF_TIME),
    ).toBe(true);

    const again = await importCsv(user, 'toggl', text, { tz: 'UTC', remainingTimeMs: () => 60_000 });
    // The given-up transaction was written whole (its rows skipped now) or not at all (imported now).
    expect(again.imported + again.skipped).toBe(200);
    expect(again.errors).toEqual([]);
    expect((await getCounters(userId)).activityCount).toBe(200);
    await expectTotalsConsistent(userId);
  }, 120_000);

  it('a file imported before is skipped with one read: no transaction is sent, and nothing changes', async () => {
    const { userId } = await newUser({ premium: true });
    const user = await getUserById(userId);
    if (!user) throw new Error('no user');
    const text = togglFile(400);
    const options = { tz: 'UTC', remainingTimeMs: () => 60_000 };
    expect((await importCsv(user, 'toggl', text, options)).imported).toBe(400);
    const before = await partition(userId);

    const meter = countTransactions();
    try {
      const again = await importCsv(user, 'toggl', text, options);
      expect(again).toEqual({
        imported: 0,
        skipped: 400,
        projectsCreated: [],
        clientsCreated: [],
        ignoredColumns: ['User', 'Email'],
        errors: [],
      });
      // The stored rows are found by one range Query before writing: no transaction at all (before
      // it, one cancelled transaction per run of stored rows, about a dozen for 400 rows).
      expect(meter.seen.calls).toBe(0);
    } finally {
      meter.stop();
    }
    expect(await partition(userId)).toEqual(before);
  }, 120_000);
});
