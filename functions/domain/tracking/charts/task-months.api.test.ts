import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { meterReads } from '../../../../bench/read-meter';
import {
  expectTotalsConsistent,
  newProject,
  newUser,
  type TestUser,
} from '../../../../test/activities/helpers';
import { call } from '../../../../test/api';
import { ddb } from '../../../data/core/client';
import { taskGroupHash, taskGroupKey } from '../../../data/core/keys';
import { queryTaskDayRollups } from '../../../data/tracking/rollup-queries';
import { timePerSubtaskGrid, timePerTaskGrid } from './build';

/**
 * The task pie and grids read whole calendar months from the task-month rollups and only the
 * partial edge months from the task-day rollups. These tests check that the answers are exactly
 * what the task-day rollups alone give (the reference: one task-day Query over the whole range,
 * as before the month rollups), and that the reads are the ones expected.
 */
const H = 3_600_000;
const M = 60_000;

async function track(user: TestUser, projectId: string, day: string, ms: number, activity: string, sub = '') {
  const res = await call('POST', '/api/timeactivities', {
    token: user.token,
    body: { projectId, date: `${day}T00:00:00.000Z`, duration: ms, activity, description: sub },
  });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

/** The sub-task grid as the task-day rollups alone add it up over the whole range. */
async function reference(user: TestUser, projectIds: string[], start: string, end: string) {
  const rows = (
    await Promise.all(projectIds.map((p) => queryTaskDayRollups(user.userId, p, start, end)))
  ).flat();
  return { tasks: timePerTaskGrid(rows), subTasks: timePerSubtaskGrid(rows) };
}

/** Every read of the shared client, counted from the outside (the product meters nothing). */
const readMeter = meterReads(ddb);

/** Both grids and the pie for a range, with the reads the first grid made. */
async function chartRange(user: TestUser, query: Record<string, string>) {
  readMeter.reset();
  const tasks = await call('GET', '/api/projecttimepertaskgrid', { token: user.token, query });
  const reads = { queries: readMeter.queries, items: readMeter.items };
  const subTasks = await call('GET', '/api/projecttimepersubtaskgrid', { token: user.token, query });
  const pie = await call('GET', '/api/projecttimepertaskchart', { token: user.token, query });
  expect([tasks.status, subTasks.status, pie.status]).toEqual([200, 200, 200]);
  return { tasks: tasks.body, subTasks: subTasks.body, pie: pie.body, reads };
}

const totalOf = (rows: { totalHours: number }[]) => rows.reduce((sum, r) => sum + r.totalHours, 0);

describe('task charts over month and edge-day rollups', () => {
  let user: TestUser;
  let web: string;
  let app: string;

  beforeAll(async () => {
    user = await newUser({ premium: true });
    web = await newProject(user, 'Web');
    app = await newProject(user, 'App');
    // January to April 2026: month edges, a task name with '#' and '%', an empty task, a
    // sub-task only in one month, and a second project.
    const entries: Array<[string, string, number, string, string]> = [
      [web, '2026-01-14', 1 * H, 'Design', 'Logo'],
      [web, '2026-01-15', 2 * H, 'Design', 'Logo'],
      [web, '2026-01-31', 30 * M, 'Build', 'API'],
      [web, '2026-02-01', 3 * H, 'Design', 'Logo'],
      [web, '2026-02-14', 45 * M, 'C# & 100%', 'x#y'],
      [web, '2026-02-28', 1 * H, '', ''],
      [web, '2026-03-01', 2 * H, 'Build', 'API'],
      [web, '2026-03-05', 15 * M, 'Build', 'UI'],
      [web, '2026-03-20', 4 * H, 'Design', 'Icons'],
      [web, '2026-03-31', 1 * H, 'Design', 'Logo'],
      [web, '2026-04-01', 5 * H, 'Build', 'API'],
      [web, '2026-04-10', 20 * M, 'Design', 'Logo'],
      [web, '2026-04-11', 7 * H, 'Design', 'Logo'],
      [app, '2026-02-10', 6 * H, 'Build', 'iOS'],
      [app, '2026-03-31', 90 * M, 'Design', 'Logo'],
      [app, '2026-04-02', 2 * H, 'Build', 'iOS'],
    ];
    for (const [project, day, ms, task, sub] of entries) await track(user, project, day, ms, task, sub);
  });

  it('reads a range of whole months from the month rollups only, with the task-day totals', async () => {
    const query = { startdate: '2026-02-01', enddate: '2026-03-31', projectid: web };

    const got = await chartRange(user, query);

    expect(got.subTasks).toEqual((await reference(user, [web], '2026-02-01', '2026-03-31')).subTasks);
    expect(got.tasks).toEqual([
      { activity: 'Design', totalHours: 8 * H },
      { activity: 'Build', totalHours: 2 * H + 15 * M },
      { activity: '', totalHours: 1 * H },
      { activity: 'C# & 100%', totalHours: 45 * M },
    ]);
    expect(got.pie.labels).toEqual(['Design', 'Build', '', 'C# & 100%']);
    expect(got.pie.datasets[0].data).toEqual([8, 2.25, 1, 0.75]);
    // One Query (the month items), reading one item per (month, task, sub-task) with time:
    // Feb: Design/Logo, C#/x#y, empty; Mar: Build/API, Build/UI, Design/Icons, Design/Logo; plus
    // the project and the signed-in user's profile.
    expect(got.reads).toEqual({ queries: 1, items: 7 + 1 + 1 });
  });

  it('reads partial first and last months by their fewer days, in range or outside it', async () => {
    const query = { startdate: '2026-01-15', enddate: '2026-04-10' };

    const got = await chartRange(user, query);

    const want = await reference(user, [web, app], '2026-01-15', '2026-04-10');
    expect(got.subTasks).toEqual(want.subTasks);
    expect(got.tasks).toEqual(want.tasks);
    // 14 Jan and 11 Apr lie outside: Design/Logo is 2 + 3 + 1 + 1.5 (App) + 1/3 hours.
    expect(got.subTasks).toContainEqual({
      activity: 'Design',
      description: 'Logo',
      totalHours: 7.5 * H + 20 * M,
    });
    expect(totalOf(got.tasks)).toBe(totalOf(want.tasks));
    // The projects, then per project: the Jan–Mar month items, minus 1–14 Jan, plus 1–10 Apr (day items).
    expect(got.reads.queries).toBe(1 + 2 * 3);
  });

  it('reads most of a month as the month minus the days outside, leaving out pairs only outside', async () => {
    const query = { startdate: '2026-03-02', enddate: '2026-03-30', projectid: web };

    const got = await chartRange(user, query);

    expect(got.subTasks).toEqual([
      { activity: 'Design', description: 'Icons', totalHours: 4 * H },
      { activity: 'Build', description: 'UI', totalHours: 15 * M },
    ]);
    expect(got.subTasks).toEqual((await reference(user, [web], '2026-03-02', '2026-03-30')).subTasks);
    // Build/API (1 Mar) and Design/Logo (31 Mar) net to 0 and are left out. The March month
    // items (4), 1 March (1) and 31 March (1), the project and the user's profile.
    expect(got.reads).toEqual({ queries: 3, items: 4 + 1 + 1 + 1 + 1 });
  });

  it('reads a few days inside one month from the day rollups only', async () => {
    // 15 days in the range, 16 of March outside it.
    const query = { startdate: '2026-03-10', enddate: '2026-03-24', projectid: web };

    const got = await chartRange(user, query);

    expect(got.subTasks).toEqual([{ activity: 'Design', description: 'Icons', totalHours: 4 * H }]);
    expect(got.reads).toEqual({ queries: 1, items: 1 + 1 + 1 });
  });

  it('charts an entry moved to another month and project in its new place only', async () => {
    const whole = { startdate: '2026-01-01', enddate: '2026-04-30' };
    const id = await track(user, web, '2026-02-20', 10 * H, 'Moving', 'Box');
    const before = await chartRange(user, { ...whole, projectid: web });
    expect(before.tasks).toContainEqual({ activity: 'Moving', totalHours: 10 * H });

    const res = await call('PUT', `/api/timeActivities/${id}`, {
      token: user.token,
      body: { projectId: app, date: '2026-03-15T00:00:00.000Z', duration: 8 * H },
    });
    expect(res.status).toBe(200);

    const fromWeb = await chartRange(user, { ...whole, projectid: web });
    const toApp = await chartRange(user, { ...whole, projectid: app });
    const february = await chartRange(user, { startdate: '2026-02-01', enddate: '2026-02-28' });
    const march = await chartRange(user, { startdate: '2026-03-01', enddate: '2026-03-31', projectid: app });
    expect(fromWeb.tasks.map((r: { activity: string }) => r.activity)).not.toContain('Moving');
    expect(toApp.tasks).toContainEqual({ activity: 'Moving', totalHours: 8 * H });
    expect(february.tasks.map((r: { activity: string }) => r.activity)).not.toContain('Moving');
    expect(march.subTasks).toContainEqual({ activity: 'Moving', description: 'Box', totalHours: 8 * H });
    expect(toApp.subTasks).toEqual((await reference(user, [app], '2026-01-01', '2026-04-30')).subTasks);
    await expectTotalsConsistent(user.userId);

    await call('DELETE', `/api/timeActivities/${id}`, { token: user.token });
    const after = await chartRange(user, { ...whole, projectid: app });
    expect(after.tasks.map((r: { activity: string }) => r.activity)).not.toContain('Moving');
    await expectTotalsConsistent(user.userId);
  });

  it('keeps a move between projects and months, the largest transaction, far under 100 items', async () => {
    const id = await track(user, web, '2026-01-20', 1 * H, 'Big', 'Move');
    const send = vi.spyOn(ddb, 'send');
    try {
      const res = await call('PUT', `/api/timeActivities/${id}`, {
        token: user.token,
        body: { projectId: app, date: '2026-04-20T00:00:00.000Z', activity: 'Other', description: 'Task' },
      });
      expect(res.status).toBe(200);

      const transactions = send.mock.calls
        .map(([command]) => command)
        .filter((command) => command instanceof TransactWriteCommand);
      expect(transactions).toHaveLength(1);
      const items = (transactions[0] as TransactWriteCommand).input.TransactItems ?? [];
      // The entry, then per project: totals, day, the task group's day and month items, the task
      // index and the report's week item (an untagged entry: no tag index; the task-day,
      // task-month and report task items are folded into the task group's: docs/write-costs.md).
      expect(items).toHaveLength(1 + 2 * 6);
      const keys = items.map((i) => String(i.Update?.Key?.SK ?? i.Put?.Item?.SK));
      expect(keys.filter((k) => k.startsWith('TASKMONTH#'))).toEqual([
        taskGroupKey('month', user.userId, web, '2026-01', taskGroupHash(true, [], 'Big', 'Move')).SK,
        taskGroupKey('month', user.userId, app, '2026-04', taskGroupHash(true, [], 'Other', 'Task')).SK,
      ]);
      expect(keys.some((k) => k.startsWith('REPTASK'))).toBe(false);
    } finally {
      send.mockRestore();
    }
    await call('DELETE', `/api/timeActivities/${id}`, { token: user.token });
  });
});
