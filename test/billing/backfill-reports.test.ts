import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rounding } from '../../contract/rounding';
import { ddb, GetCommand, TABLE } from '../../functions/data/core/client';
import { countActivitiesOp } from '../../functions/data/core/counters';
import { timesheetIndexKeys } from '../../functions/data/core/keys';
import { backfillReportRollups } from '../../functions/data/tracking/backfill-reports';
import { effectsOf, effectToTxItem, mergeEffects } from '../../functions/data/tracking/rollups';
import { searchTextOf, TIME_KIND } from '../../functions/data/tracking/time-activities';
import { handler as reportTagHandler } from '../../functions/handlers/report-tag-rollups';
import { expectTotalsConsistent, newUser, partition, type TestUser } from '../activities/helpers';
import { countAtOlderLevel } from '../activities/rollup-levels';
import { call } from '../api';
import { failingTransactions, passThroughDdb, realDdb } from '../faults';
import { streamRecord } from '../stream';
import { expectReportOfEntries, type ModelEntry, type ReportQuery } from './report-model';

const M = 60_000;
const ROUND_UP_15: Rounding = { mode: 'up', minutes: 15 };

/**
 * A time entry exactly as release 2 stored it (no `billable`, no tags, no `rollupLevel`), with the
 * totals and rollups release 2 kept: the project's hours, the day, task-day and task-month
 * rollups, the task index and the count — no report rollups.
 */
async function putReleaseTwoEntry(user: TestUser, projectId: string, day: string, duration: number) {
  const id = ulid();
  const item = await ddb.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        PK: `USER#${user.userId}`,
        SK: `TIME#${id}`,
        GSI1PK: `PROJECT#${projectId}`,
        GSI1SK: `TIME#${day}#${id}`,
        ...timesheetIndexKeys(user.userId, day, id),
        type: 'TIME',
        activityId: id,
        userId: user.userId,
        projectId,
        activity: 'Old',
        description: '',
        searchText: searchTextOf('Old', ''),
        date: `${day}T00:00:00.000Z`,
        day,
        startTime: null,
        endTime: null,
        duration,
        version: 1,
        createdAt: `${day}T00:00:00.000Z`,
        updatedAt: `${day}T00:00:00.000Z`,
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  expect(item.Attributes).toBeUndefined();
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE, Key: TIME_KIND.key(user.userId, id) }));
  const counted = TIME_KIND.contribution(TIME_KIND.fromItem(Item as Record<string, unknown>));
  expect(counted.rollupLevel).toBe(0);
  const effects = mergeEffects(effectsOf(user.userId, counted, 1));
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [...effects.map(effectToTxItem), countActivitiesOp(user.userId, 1)],
    }),
  );
  return id;
}

/**
 * Turns an entry written now into one of an older build, counted in the rollups of `level`:
 * release 3's first build (level 1: no week items, no `rollupLevel`) or its second (level 2: the
 * task-day, task-month and report task items, not the task group items of level 3).
 */
const makeOlderEntry = (user: TestUser, id: string, level: 1 | 2) =>
  countAtOlderLevel(TIME_KIND, user.userId, id, level, level !== 1);

describe('npm run backfill:reports (entries counted in older report rollups)', () => {
  let mock: ReturnType<typeof passThroughDdb> | undefined;
  afterEach(() => {
    mock?.restore();
    mock = undefined;
  });

  it('adds what release 2 and release 3 entries miss, survives a fault half-way, and ends with exact reports', async () => {
    const user = await newUser({ premium: true });
    await call('POST', '/api/usersettings', { token: user.token, body: { rounding: ROUND_UP_15 } });
    const projectId = (
      await call('POST', '/api/projects', { token: user.token, body: { name: 'History', hourlyRate: 80 } })
    ).body._id as string;
    const rates = new Map([[projectId, 8000]]);
    const model: ModelEntry[] = [];
    // Release 2: six entries over three weeks, no billable flag (they read as billable), no tags.
    const old: string[] = [];
    for (const [day, duration] of [
      ['2026-02-02', 7 * M],
      ['2026-02-04', 52 * M],
      ['2026-02-10', 61 * M],
      ['2026-02-15', 5 * M],
      ['2026-02-16', 90 * M],
      ['2026-02-22', 1 * M],
    ] as const) {
      old.push(await putReleaseTwoEntry(user, projectId, day, duration));
      model.push({ projectId, day, duration, billable: true, tags: [], task: 'Old' });
    }
    // Release 3's first build: tagged entries with day and month report items but no week items.
    for (const [day, duration, tags, billable] of [
      ['2026-02-03', 14 * M, ['review'], true],
      ['2026-02-11', 29 * M, ['review', 'call'], false],
      ['2026-02-18', 44 * M, ['Review'], true],
    ] as const) {
      const res = await call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, date: day, duration, tags, billable, activity: 'New' },
      });
      await makeOlderEntry(user, res.body._id, 1);
      model.push({ projectId, day, duration, billable, tags: [...tags], task: 'New' });
    }
    // Release 3's second build (level 2): its task time in the task-day, task-month and report
    // task items, which level 3 folds into one task group item per day and month.
    for (const [day, duration, tags, billable, task] of [
      ['2026-02-11', 17 * M, ['call'], false, 'New'],
      ['2026-02-25', 33 * M, ['review'], true, 'Later'],
    ] as const) {
      const res = await call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, date: day, duration, tags, billable, activity: task, description: 'Sub' },
      });
      await makeOlderEntry(user, res.body._id, 2);
      model.push({ projectId, day, duration, billable, tags: [...tags], task });
    }
    const level2 = (await partition(user.userId)).filter((i) => i.rollupLevel === 2);
    expect(level2).toHaveLength(2);
    // An old entry edited before the back-fill: it takes out only what it was counted in.
    await call('PUT', `/api/timeActivities/${old[0]}`, { token: user.token, body: { tags: ['review'] } });
    (model[0] as ModelEntry).tags = ['review'];

    // A fault half-way: the third entry's transaction fails, and the run stops there.
    mock = failingTransactions((n) => n === 3);
    await expect(backfillReportRollups()).rejects.toThrow('connection reset');
    mock.restore();
    mock = undefined;
    const levels = (await partition(user.userId))
      .filter((i) => String(i.SK).startsWith('TIME#'))
      .map((i) => i.rollupLevel);
    // The edited entry and the two raised before the fault; the others as they were.
    expect(levels.filter((l) => l === 3)).toHaveLength(3);

    // The per-tag day rollups (no stream in this test) are built for all eleven by the second pass.
    expect(await backfillReportRollups()).toEqual({ entries: 8, skipped: 0, exhausted: 0, tagRollups: 11 });
    expect(await backfillReportRollups()).toEqual({ entries: 0, skipped: 0, exhausted: 0, tagRollups: 0 });
    // Every entry is in the task group items now: the older task items hold nothing any more.
    const items = await partition(user.userId);
    const older = items.filter(
      (i) =>
        /^(REPTASKDAY|REPTASKMONTH)#/.test(String(i.SK)) ||
        (/^(TASKDAY|TASKMONTH)#/.test(String(i.SK)) && i.billable === undefined),
    );
    expect(older.length).toBeGreaterThan(0);
    for (const item of older) expect([item.SK, item.timeMs, item.count ?? 0]).toEqual([item.SK, 0, 0]);
    expect(items.filter((i) => String(i.SK).startsWith('TIME#')).map((i) => i.rollupLevel)).toEqual(
      Array(11).fill(3),
    );

    const queries: ReportQuery[] = [
      { startdate: '2026-02-01', enddate: '2026-02-28', groupby: 'week' },
      { startdate: '2026-02-03', enddate: '2026-02-21', groupby: 'week', tag: 'review' },
      { startdate: '2026-02-03', enddate: '2026-02-21', groupby: 'week', tag: 'call', billable: 'false' },
      { startdate: '2026-02-01', enddate: '2026-02-28', groupby: 'tag' },
      { startdate: '2026-02-05', enddate: '2026-02-20', groupby: 'task' },
      { startdate: '2026-02-01', enddate: '2026-03-31', groupby: 'task', tag: 'review' },
      { startdate: '2026-02-10', enddate: '2026-02-26', groupby: 'tag', billable: 'false' },
      { startdate: '2026-01-01', enddate: '2026-03-31', groupby: 'month', billable: 'true' },
      { startdate: '2026-02-01', enddate: '2026-02-28', groupby: 'day', tag: 'REVIEW' },
    ];
    for (const q of queries) await expectReportOfEntries(user, model, rates, q, ROUND_UP_15);
    await expectTotalsConsistent(user.userId);
    const tags = await call('GET', '/api/tags', { token: user.token });
    // The tag index counts the back-filled uses too (each spelling as typed).
    expect(tags.body).toEqual([
      { name: 'review', count: 4 },
      { name: 'call', count: 2 },
      { name: 'Review', count: 1 },
    ]);
  });
});

describe('npm run backfill:reports (the per-tag day rollups)', () => {
  let mock: ReturnType<typeof passThroughDdb> | undefined;
  afterEach(() => {
    mock?.restore();
    mock = undefined;
  });

  const entryItem = async (user: TestUser, id: string) =>
    (await ddb.send(new GetCommand({ TableName: TABLE, Key: TIME_KIND.key(user.userId, id) })))
      .Item as Record<string, unknown>;

  it('counts what the stream never applied, takes out deleted entries, survives a fault half-way', async () => {
    // This file's table has no stream: only what the test hands the handler is applied.
    const user = await newUser({ premium: true });
    await call('POST', '/api/usersettings', { token: user.token, body: { rounding: ROUND_UP_15 } });
    const projectId = (
      await call('POST', '/api/projects', { token: user.token, body: { name: 'Tags', hourlyRate: 61.5 } })
    ).body._id as string;
    const rates = new Map([[projectId, 6150]]);
    const add = async (day: string, duration: number, tags: string[], billable = true) => {
      const res = await call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, date: day, duration, tags, billable },
      });
      expect(res.status).toBe(201);
      return res.body._id as string;
    };
    const model = new Map<string, ModelEntry>();
    const entry = (day: string, duration: number, tags: string[], billable = true): ModelEntry => ({
      projectId,
      day,
      duration,
      billable,
      tags,
      task: '',
    });
    // Never seen by the stream (stored before the rollups existed, or while it was down).
    for (const [day, duration, tags, billable] of [
      ['2026-05-04', 7 * M, ['review'], true],
      ['2026-05-04', 52 * M, ['Review', 'call'], false],
      ['2026-05-06', 61 * M, ['call'], true],
      ['2026-05-09', 5 * M, ['review', 'urgent'], true],
    ] as const) {
      model.set(await add(day, duration, [...tags], billable), entry(day, duration, [...tags], billable));
    }
    // Counted by the stream, then edited while it was down: counted again from what its mark says.
    const edited = await add('2026-05-05', 14 * M, ['review']);
    await reportTagHandler({ Records: [streamRecord(undefined, await entryItem(user, edited))] });
    await call('PUT', `/api/timeActivities/${edited}`, {
      token: user.token,
      body: { date: '2026-05-07', tags: ['call'], duration: 29 * M },
    });
    model.set(edited, entry('2026-05-07', 29 * M, ['call']));
    // Counted by the stream, then deleted while it was down: its mark is all that is left.
    const gone = await add('2026-05-08', 44 * M, ['review']);
    await reportTagHandler({ Records: [streamRecord(undefined, await entryItem(user, gone))] });
    expect((await call('DELETE', `/api/timeActivities/${gone}`, { token: user.token })).status).toBe(200);

    // A fault half-way: the third transaction of the run fails, and the run stops there.
    mock = failingTransactions((n) => n === 3);
    await expect(backfillReportRollups()).rejects.toThrow('connection reset');
    mock.restore();
    mock = undefined;

    // Six to do (four never counted, one edited, one deleted), two done before the fault.
    expect(await backfillReportRollups()).toEqual({ entries: 0, skipped: 0, exhausted: 0, tagRollups: 4 });
    expect(await backfillReportRollups()).toEqual({ entries: 0, skipped: 0, exhausted: 0, tagRollups: 0 });
    for (const tag of ['review', 'CALL', 'urgent']) {
      for (const billable of [undefined, 'true', 'false'] as const) {
        const q: ReportQuery = { startdate: '2026-05-01', enddate: '2026-05-31', groupby: 'day', tag };
        if (billable) q.billable = billable;
        await expectReportOfEntries(user, [...model.values()], rates, q, ROUND_UP_15);
      }
    }
  });

  it('counts an entry that changed under every attempt as not done, not as deleted, and does it next run', async () => {
    const user = await newUser({ premium: true });
    const projectId = (await call('POST', '/api/projects', { token: user.token, body: { name: 'Busy' } }))
      .body._id as string;
    await putReleaseTwoEntry(user, projectId, '2026-02-02', 7 * M);
    // Every raise of an entry loses its race (its version keeps changing under the back-fill).
    mock = passThroughDdb();
    mock.on(TransactWriteCommand).callsFake((input) => {
      const first = input.TransactItems?.[0];
      if (String(first?.Update?.Key?.SK).startsWith('TIME#')) {
        throw Object.assign(new Error('cancelled'), {
          name: 'TransactionCanceledException',
          CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
        });
      }
      return realDdb.send(new TransactWriteCommand(input));
    });
    expect(await backfillReportRollups()).toEqual({ entries: 0, skipped: 0, exhausted: 1, tagRollups: 1 });
    mock.restore();
    mock = undefined;
    // Raised now; its version went up with it, so the tag rollups' mark follows (nothing to add).
    expect(await backfillReportRollups()).toEqual({ entries: 1, skipped: 0, exhausted: 0, tagRollups: 1 });
    expect(await backfillReportRollups()).toEqual({ entries: 0, skipped: 0, exhausted: 0, tagRollups: 0 });
  });
});
