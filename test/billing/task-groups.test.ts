import { describe, expect, it } from 'vitest';
import type { Rounding } from '../../contract/rounding';
import { backfillReportRollups } from '../../functions/data/tracking/backfill-reports';
import { TIME_KIND } from '../../functions/data/tracking/time-activities';
import { expectTotalsConsistent, newUser, partition, type TestUser } from '../activities/helpers';
import { countAtOlderLevel } from '../activities/rollup-levels';
import { call } from '../api';
import { expectReportOfEntries, type ModelEntry, type ReportQuery } from './report-model';

/**
 * Time level 3 folds the task-day, task-month and report task items into one task group item per
 * (billable, tags, task, sub-task) and day or month. Until `npm run backfill:reports` has raised
 * every entry, entries of level 2 (in the older items) and of level 3 (in the group items) live
 * side by side: every report and task chart must add both up exactly, and an edit of an older entry
 * must take it out of the older items and put it into the group items.
 */

const M = 60_000;
const ROUND_UP_6: Rounding = { mode: 'up', minutes: 6 };

/** Counts an entry written now as level 2 did: in the task-day, task-month and report task items. */
const demoteToLevelTwo = (user: TestUser, id: string) => countAtOlderLevel(TIME_KIND, user.userId, id, 2);

interface Entry extends ModelEntry {
  subTask: string;
}

/** The sub-task grid the entries make: hours per (task, sub-task) over the range, largest first. */
function subTaskGrid(entries: Entry[], start: string, end: string) {
  const sums = new Map<string, { activity: string; description: string; totalHours: number }>();
  for (const e of entries.filter((e) => e.day >= start && e.day <= end)) {
    const id = JSON.stringify([e.task, e.subTask]);
    const row = sums.get(id) ?? { activity: e.task, description: e.subTask, totalHours: 0 };
    row.totalHours += e.duration;
    sums.set(id, row);
  }
  return inOrder([...sums.values()]);
}

/** Rows by hours, then task and sub-task, so ties compare too. */
const inOrder = <R extends { activity: string; description: string; totalHours: number }>(rows: R[]) =>
  [...rows].sort(
    (a, b) =>
      b.totalHours - a.totalHours ||
      a.activity.localeCompare(b.activity) ||
      a.description.localeCompare(b.description),
  );

async function expectExact(user: TestUser, entries: Entry[], rates: Map<string, number>) {
  const queries: ReportQuery[] = [
    { startdate: '2026-01-01', enddate: '2026-03-31', groupby: 'task' },
    { startdate: '2026-01-20', enddate: '2026-03-10', groupby: 'tag' },
    { startdate: '2026-01-05', enddate: '2026-02-25', groupby: 'week', tag: 'review' },
    { startdate: '2026-01-14', enddate: '2026-03-02', groupby: 'project', billable: 'true' },
    { startdate: '2026-02-01', enddate: '2026-02-28', groupby: 'month', billable: 'false' },
  ];
  for (const q of queries) await expectReportOfEntries(user, entries, rates, q, ROUND_UP_6);
  for (const [start, end] of [
    ['2026-01-01', '2026-03-31'],
    ['2026-01-16', '2026-02-27'],
    ['2026-02-03', '2026-02-12'],
  ] as const) {
    const res = await call('GET', '/api/projecttimepersubtaskgrid', {
      token: user.token,
      query: { startdate: start, enddate: end },
    });
    expect(res.status).toBe(200);
    expect(inOrder(res.body)).toEqual(subTaskGrid(entries, start, end));
  }
  await expectTotalsConsistent(user.userId);
}

describe('task group items (time level 3) beside the items of older entries', () => {
  it('reports and charts both exactly, moves an edited older entry, and the back-fill moves the rest', async () => {
    const user = await newUser({ premium: true });
    await call('POST', '/api/usersettings', { token: user.token, body: { rounding: ROUND_UP_6 } });
    const project = (
      await call('POST', '/api/projects', { token: user.token, body: { name: 'Groups', hourlyRate: 72.5 } })
    ).body._id as string;
    const rates = new Map([[project, 7250]]);
    const entries: Entry[] = [];
    const ids: string[] = [];
    // The same task and sub-task on the same days at both levels, with and without tags and billing.
    const rows: [string, number, string, string, string[], boolean, boolean][] = [
      ['2026-01-15', 61 * M, 'Design', 'Logo', ['review'], true, true],
      ['2026-01-15', 7 * M, 'Design', 'Logo', ['review'], true, false],
      ['2026-01-31', 44 * M, 'Design', 'Logo', [], false, true],
      ['2026-02-02', 13 * M, 'Design', 'Icons', ['review', 'call'], true, false],
      ['2026-02-02', 29 * M, 'Design', 'Icons', ['call', 'review'], true, true],
      ['2026-02-11', 90 * M, 'Build', '', ['call'], false, false],
      ['2026-02-27', 5 * M, '', '', [], true, true],
      ['2026-03-01', 121 * M, 'Build', 'API', ['review'], true, false],
    ];
    for (const [day, duration, task, subTask, tags, billable, older] of rows) {
      const res = await call('POST', '/api/timeactivities', {
        token: user.token,
        body: {
          projectId: project,
          date: day,
          duration,
          activity: task,
          description: subTask,
          tags,
          billable,
        },
      });
      expect(res.status).toBe(201);
      if (older) await demoteToLevelTwo(user, res.body._id);
      ids.push(res.body._id);
      entries.push({ projectId: project, day, duration, task, subTask, tags, billable });
    }
    const levels = async () =>
      (await partition(user.userId))
        .filter((i) => String(i.SK).startsWith('TIME#'))
        .map((i) => i.rollupLevel);
    expect((await levels()).sort()).toEqual([2, 2, 2, 2, 3, 3, 3, 3]);
    await expectExact(user, entries, rates);

    // An edit of an older entry: out of the older items, into the group items of its new values.
    const edit = { date: '2026-02-02', tags: ['review'], billable: false, description: 'Icons' };
    const res = await call('PUT', `/api/timeActivities/${ids[0]}`, { token: user.token, body: edit });
    expect(res.status).toBe(200);
    Object.assign(entries[0] as Entry, {
      day: '2026-02-02',
      tags: ['review'],
      billable: false,
      subTask: 'Icons',
    });
    expect((await levels()).filter((l) => l === 3)).toHaveLength(5);
    await expectExact(user, entries, rates);

    expect(await backfillReportRollups()).toMatchObject({ entries: 3, skipped: 0, exhausted: 0 });
    expect(await levels()).toEqual(Array(8).fill(3));
    const older = (await partition(user.userId)).filter(
      (i) =>
        /^REPTASK(DAY|MONTH)#/.test(String(i.SK)) ||
        (/^TASK(DAY|MONTH)#/.test(String(i.SK)) && i.billable === undefined),
    );
    expect(older.length).toBeGreaterThan(0);
    expect(older.filter((i) => i.timeMs !== 0)).toEqual([]);
    await expectExact(user, entries, rates);
  });
});
