import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ulid } from 'ulid';
import { afterEach, describe, expect, it } from 'vitest';
import { ddb } from '../../functions/data/core/client';
import { getUserById } from '../../functions/data/identity/users';
import { bulkSeed } from '../../functions/data/tracking/bulk';
import type { FinanceActivityRecord } from '../../functions/data/tracking/finance-activities';
import type { TimeActivityRecord } from '../../functions/data/tracking/time-activities';
import { sweepDeletions } from '../../functions/domain/account/deletions';
import { deleteUserProject } from '../../functions/domain/tracking/projects';
import { budgetOf } from '../../functions/lib/budget';
import { call } from '../api';
import { passThroughDdb, realDdb } from '../faults';
import {
  expectTotalsConsistent,
  newProject,
  newUser,
  partition,
  projectRecord,
  type TestUser,
} from './helpers';

const real = realDdb;
let mock = mockClient(ddb);
afterEach(() => mock.restore());

/** (Re)installs the mock on the handlers' client, forwarding every command to DynamoDB Local. */
function passThrough() {
  mock.restore();
  mock = passThroughDdb();
}

describe('deleting a project when the index trails the table', () => {
  it('does not uncount an entry the index still lists after it was deleted', async () => {
    passThrough();
    const user = await newUser();
    const projectId = await newProject(user);
    const entries = [];
    for (let i = 0; i < 3; i++) {
      entries.push(
        (
          await call('POST', '/api/timeactivities', {
            token: user.token,
            body: { projectId, duration: 1000 },
          })
        ).body,
      );
    }
    const other = await newProject(user, 'Other');
    await call('POST', '/api/timeactivities', { token: user.token, body: { projectId: other, duration: 7 } });
    // A GSI read is eventually consistent: let the first index page still show an entry that is gone.
    const stale = { PK: `USER#${user.userId}`, SK: 'TIME#01STALESTALESTALESTALE0000' };
    let served = false;
    mock.on(QueryCommand).callsFake(async (input) => {
      const out = await real.send(new QueryCommand(input));
      if (
        input.IndexName === 'GSI1' &&
        !served &&
        String(input.ExpressionAttributeValues?.[':from']) === 'TIME#'
      ) {
        served = true;
        return { ...out, Items: [...(out.Items ?? []), stale] };
      }
      return out;
    });

    const res = await call('DELETE', `/api/projects/${projectId}`, { token: user.token });

    expect(res.status).toBe(200);
    expect(res.body.removedActivities).toBe(3);
    expect(served).toBe(true);
    // On a busy machine the request's 5 s may end before its last pass over the index: the
    // deletion is then pending, and a repeated DELETE finishes it and answers the same.
    const pending = async () => (await partition(user.userId)).some((i) => i.SK === `PROJECT#${projectId}`);
    for (let again = 0; again < 5 && (await pending()); again++) {
      const repeated = await call('DELETE', `/api/projects/${projectId}`, { token: user.token });
      expect([repeated.status, repeated.body.removedActivities]).toEqual([200, 3]);
    }
    expect(await pending()).toBe(false);
    const { times } = await expectTotalsConsistent(user.userId);
    expect(times).toHaveLength(1);
    expect((await partition(user.userId)).find((i) => i.SK === 'COUNTERS')).toMatchObject({
      projectCount: 1,
      activityCount: 1,
    });
  });
});

const MARCH = { startdate: '2026-03-01', enddate: '2026-03-31' };
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * A project with more entries than one removal transaction holds (time entries on several tasks,
 * income and expenses), and a second project the deletion must not touch. Stored with the bulk
 * writer, which leaves item for item what the same entries written through the API leave
 * (`functions/data/tracking/bulk.test.ts`): 234 requests one after another cost 15 s a test.
 */
async function projectToDelete(user: TestUser) {
  const now = new Date().toISOString();
  const base = (projectId: string, day: string, task: string, subTask = '') => ({
    activityId: ulid(),
    userId: user.userId,
    projectId,
    task,
    subTask,
    date: `2026-03-${day}T00:00:00.000Z`,
    version: 1,
    createdAt: now,
    updatedAt: now,
  });
  const time = (projectId: string, day: string, task: string, duration: number, subTask = '') =>
    ({
      ...base(projectId, day, task, subTask),
      startTime: null,
      endTime: null,
      duration,
    }) as TimeActivityRecord;
  const money = (projectId: string, day: string, task: string, amountCents: number, expense = false) =>
    ({ ...base(projectId, day, task), amountCents, expense, notes: '' }) as FinanceActivityRecord;
  const doomed = projectRecord(user.userId, 'Doomed', now);
  const kept = projectRecord(user.userId, 'Kept', now);
  const doomedTimes = Array.from({ length: 230 }, (_, i) =>
    time(
      doomed.projectId,
      String((i % 28) + 1).padStart(2, '0'),
      `Doomed task ${i % 4}`,
      60_000,
      `Part ${i % 3}`,
    ),
  );
  await bulkSeed({
    userId: user.userId,
    projects: [doomed, kept],
    timeActivities: [...doomedTimes, time(kept.projectId, '04', 'Kept task', 3_600_000)],
    financeActivities: [
      money(doomed.projectId, '02', 'Doomed invoice', 10_000),
      money(doomed.projectId, '03', 'Doomed fonts', 1_000, true),
      money(kept.projectId, '04', 'Kept invoice', 750),
    ],
  });
  return {
    doomed: doomed.projectId,
    kept: kept.projectId,
    times: doomedTimes.map((t) => t.activityId),
    entries: doomedTimes.length + 2,
  };
}

/** Lets the tombstone transaction and `chunks` removal transactions through, then "kills the process". */
function crashAfterRemovals(chunks: number) {
  passThrough();
  let calls = 0;
  mock.on(TransactWriteCommand).callsFake((input) => {
    calls++;
    if (calls > 1 + chunks) throw new Error('process killed');
    return real.send(new TransactWriteCommand(input));
  });
}

/** Everything a user reads that could show the deleted project, and what it must show instead. */
async function expectDeletedEverywhere(user: TestUser, doomed: string, kept: string, entryId: string) {
  const token = user.token;
  const projects = await call('GET', '/api/projects', { token });
  expect(projects.body.map((p: { _id: string }) => p._id)).toEqual([kept]);

  // Charts and totals without projectid cover the kept project only.
  const tracked = await call('GET', '/api/projecttimetrackedchart', { token, query: MARCH });
  expect(sum(tracked.body.datasets[0].data)).toBe(1);
  const profit = await call('GET', '/api/projectprofitlosschart', { token, query: MARCH });
  expect(sum(profit.body.datasets[0].data)).toBe(7.5);
  const perTask = await call('GET', '/api/projecttimepertaskchart', { token, query: MARCH });
  expect(JSON.stringify(perTask.body)).not.toContain('Doomed');
  const total = await call('GET', '/api/projecttotaltimetrackedchart', { token, query: MARCH });
  expect(JSON.stringify(total.body)).not.toContain('Doomed');

  // Suggestions.
  for (const path of ['/api/projecttasklist', '/api/projectfinancetasklist']) {
    const list = await call('GET', path, { token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(doomed);
    expect(JSON.stringify(list.body)).not.toContain('Doomed');
  }

  // Export: neither the project nor any of its entries.
  const exported = await call('GET', '/api/exportuserdata', { token });
  expect(exported.body.projects.map((p: { _id: string }) => p._id)).toEqual([kept]);
  expect(JSON.stringify(exported.body)).not.toContain(doomed);

  // Where the project is named: 404, and nothing can be written into it or changed in it.
  expect((await call('GET', `/api/timeactivities/${doomed}`, { token })).status).toBe(404);
  expect((await call('GET', `/api/financeactivities/${doomed}`, { token })).status).toBe(404);
  expect(
    (await call('GET', '/api/projectprofitlosschart', { token, query: { ...MARCH, projectid: doomed } }))
      .status,
  ).toBe(404);
  expect((await call('PUT', `/api/projects/${doomed}`, { token, body: { name: 'Back' } })).status).toBe(404);
  expect(
    (await call('POST', '/api/timeactivities', { token, body: { projectId: doomed, duration: 5 } })).status,
  ).toBe(404);
  expect((await call('PUT', `/api/timeActivities/${entryId}`, { token, body: { duration: 5 } })).status).toBe(
    404,
  );
  expect((await call('DELETE', `/api/timeActivities/${entryId}`, { token })).status).toBe(404);
}

/** The items of a user's partition that belong to a project (its tombstone included). */
async function itemsOf(userId: string, projectId: string) {
  return (await partition(userId)).filter((i) => JSON.stringify(i).includes(projectId));
}

describe('a project deletion interrupted part-way', () => {
  it('is gone for every reader at once, and a repeated DELETE finishes it and answers as the first', async () => {
    const user = await newUser({ premium: true });
    const { doomed, kept, times, entries } = await projectToDelete(user);
    crashAfterRemovals(1);

    const crashed = await call('DELETE', `/api/projects/${doomed}`, { token: user.token });

    expect(crashed.status).toBe(500);
    mock.restore();
    // Part of the project's data is still stored, but nobody sees it.
    const left = await itemsOf(user.userId, doomed);
    expect(left.filter((i) => String(i.SK).startsWith('TIME#')).length).toBe(230 - 98);
    const stillStored = times.find((id) => left.some((i) => i.SK === `TIME#${id}`))!;
    await expectDeletedEverywhere(user, doomed, kept, stillStored);

    const repeated = await call('DELETE', `/api/projects/${doomed}`, { token: user.token });

    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual({ msg: 'Project removed', _id: doomed, removedActivities: entries });
    expect(await itemsOf(user.userId, doomed)).toEqual([]);
    await expectTotalsConsistent(user.userId);
    expect((await partition(user.userId)).find((i) => i.SK === 'COUNTERS')).toMatchObject({
      projectCount: 1,
      activityCount: 2,
    });
    expect((await call('DELETE', `/api/projects/${doomed}`, { token: user.token })).status).toBe(404);
  }, 120_000);

  it('is finished by the scheduled sweep, found in the pending-deletions index', async () => {
    const user = await newUser({ premium: true });
    const { doomed, kept, times } = await projectToDelete(user);
    crashAfterRemovals(0);
    expect((await call('DELETE', `/api/projects/${doomed}`, { token: user.token })).status).toBe(500);
    mock.restore();
    await expectDeletedEverywhere(user, doomed, kept, times[0]!);

    const report = await sweepDeletions(budgetOf(60_000));

    // (A deletion an earlier test of this file left pending under load is finished too.)
    expect(report.pending).toBe(0);
    expect(report.finished).toBeGreaterThanOrEqual(1);
    expect(await itemsOf(user.userId, doomed)).toEqual([]);
    await expectTotalsConsistent(user.userId);
    expect(await sweepDeletions(budgetOf(60_000))).toEqual({ finished: 0, pending: 0 });
  }, 120_000);

  it('stops when its time budget is spent and the sweep completes it run after run', async () => {
    const user = await newUser({ premium: true });
    const { doomed, kept, times, entries } = await projectToDelete(user);
    const profile = (await getUserById(user.userId))!;

    // A budget already spent: the request only writes the tombstone, all clean-up is left over.
    const answer = await deleteUserProject(profile, doomed, budgetOf(0));

    expect(answer).toEqual({ msg: 'Project removed', _id: doomed, removedActivities: 0 });
    expect((await itemsOf(user.userId, doomed)).length).toBeGreaterThan(entries);
    await expectDeletedEverywhere(user, doomed, kept, times[0]!);
    // Runs that each get only a moment still make progress, and one run finishes it.
    expect((await sweepDeletions(budgetOf(0))).pending).toBeGreaterThanOrEqual(1);
    expect((await itemsOf(user.userId, doomed)).length).toBeGreaterThan(0);
    const report = await sweepDeletions(budgetOf(60_000));
    expect(report.pending).toBe(0);
    expect(report.finished).toBeGreaterThanOrEqual(1);
    expect(await itemsOf(user.userId, doomed)).toEqual([]);
    await expectTotalsConsistent(user.userId);
  }, 120_000);

  it('re-creating a project with the same _id meanwhile starts it empty, without the old rollups', async () => {
    const user = await newUser({ premium: true });
    const { doomed } = await projectToDelete(user);
    crashAfterRemovals(1);
    expect((await call('DELETE', `/api/projects/${doomed}`, { token: user.token })).status).toBe(500);
    mock.restore();

    const again = await call('POST', '/api/projects', {
      token: user.token,
      body: { _id: doomed, name: 'New' },
    });

    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ _id: doomed, name: 'New', totalHours: 0, totalIncome: 0 });
    const query = { ...MARCH, projectid: doomed };
    const profit = await call('GET', '/api/projectprofitlosschart', { token: user.token, query });
    expect(sum(profit.body.datasets[0].data)).toBe(0);
    const tracked = await call('GET', '/api/projecttimetrackedchart', { token: user.token, query });
    expect(sum(tracked.body.datasets[0].data)).toBe(0);
    const tasks = await call('GET', '/api/projecttasklist', { token: user.token });
    expect(JSON.stringify(tasks.body)).not.toContain('Doomed');
    // Only the new, empty project item is left of that id.
    expect(await itemsOf(user.userId, doomed)).toEqual([
      expect.objectContaining({ SK: `PROJECT#${doomed}`, name: 'New', totalHours: 0 }),
    ]);
    await expectTotalsConsistent(user.userId);
  }, 120_000);
});
