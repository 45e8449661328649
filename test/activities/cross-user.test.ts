import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api';
import { expectTotalsConsistent, newProject, newUser, partition, type TestUser } from './helpers';

/**
 * Every id in a path or a body is checked against the caller: another user's project or entry is
 * answered exactly like an unknown one (404), and nothing of either user changes.
 */
describe('another user’s projects and entries', () => {
  let owner: TestUser;
  let intruder: TestUser;
  const a = { project: '', time: '', fin: '' };
  const b = { project: '', time: '', fin: '' };

  beforeAll(async () => {
    owner = await newUser();
    intruder = await newUser();
    a.project = await newProject(owner, 'Secret client');
    a.time = (
      await call('POST', '/api/timeactivities', {
        token: owner.token,
        body: { projectId: a.project, activity: 'Secret task', duration: 3_600_000 },
      })
    ).body._id;
    a.fin = (
      await call('POST', '/api/financeactivities', {
        token: owner.token,
        body: { projectId: a.project, activity: 'Secret invoice', amount: 5000 },
      })
    ).body._id;
    b.project = await newProject(intruder, 'Own');
    b.time = (
      await call('POST', '/api/timeactivities', {
        token: intruder.token,
        body: { projectId: b.project, duration: 60_000 },
      })
    ).body._id;
    b.fin = (
      await call('POST', '/api/financeactivities', {
        token: intruder.token,
        body: { projectId: b.project, amount: 1 },
      })
    ).body._id;
  });

  const attempts: [string, string, () => string, (() => Record<string, unknown>)?][] = [
    ['lists time entries of', 'GET', () => `/api/timeactivities/${a.project}`],
    ['lists finance entries of', 'GET', () => `/api/financeactivities/${a.project}`],
    [
      'renames',
      'PUT',
      () => `/api/projects/${a.project}`,
      () => ({ name: 'Mine now', enableEmbedding: true }),
    ],
    ['deletes', 'DELETE', () => `/api/projects/${a.project}`],
    ['edits a time entry of', 'PUT', () => `/api/timeActivities/${a.time}`, () => ({ duration: 1 })],
    ['deletes a time entry of', 'DELETE', () => `/api/timeActivities/${a.time}`],
    ['edits a finance entry of', 'PUT', () => `/api/financeActivities/${a.fin}`, () => ({ amount: 0 })],
    ['deletes a finance entry of', 'DELETE', () => `/api/financeActivities/${a.fin}`],
    ['tracks time into', 'POST', () => '/api/timeactivities', () => ({ projectId: a.project, duration: 1 })],
    [
      'tracks money into',
      'POST',
      () => '/api/financeactivities',
      () => ({ projectId: a.project, amount: 1 }),
    ],
    [
      'moves its own time entry into',
      'PUT',
      () => `/api/timeActivities/${b.time}`,
      () => ({ projectId: a.project }),
    ],
    [
      'moves its own finance entry into',
      'PUT',
      () => `/api/financeActivities/${b.fin}`,
      () => ({ projectId: a.project }),
    ],
  ];

  it.each(attempts)(
    'answers 404 and changes nothing when a user %s another user’s project',
    async (_, method, path, body) => {
      const ownerBefore = await partition(owner.userId);
      const intruderBefore = await partition(intruder.userId);

      const res = await call(method, path(), { token: intruder.token, ...(body ? { body: body() } : {}) });

      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(/Secret/);
      expect(await partition(owner.userId)).toEqual(ownerBefore);
      expect(await partition(intruder.userId)).toEqual(intruderBefore);
    },
  );

  it('never shows another user’s projects or suggestions in the caller’s lists', async () => {
    const projects = await call('GET', '/api/projects', { token: intruder.token });
    const tasks = await call('GET', '/api/projecttasklist', { token: intruder.token });
    const finTasks = await call('GET', '/api/projectfinancetasklist', { token: intruder.token });

    expect(projects.body.map((p: { _id: string }) => p._id)).toEqual([b.project]);
    expect(JSON.stringify([tasks.body, finTasks.body])).not.toMatch(/Secret|Own/);
    expect(JSON.stringify(tasks.body)).not.toContain(a.project);
  });

  it('keeps the owner’s totals intact after all the attempts', async () => {
    const res = await call('GET', '/api/projects', { token: owner.token });

    expect(res.body).toEqual([
      expect.objectContaining({
        _id: a.project,
        name: 'Secret client',
        totalHours: 3_600_000,
        totalIncome: 5000,
      }),
    ]);
    await expectTotalsConsistent(owner.userId);
    await expectTotalsConsistent(intruder.userId);
  });
});

describe('a client-chosen project id that another user already uses', () => {
  it('is refused with 404 (audit fix 1), and the owner’s entries stay as they were', async () => {
    const owner = await newUser();
    const copycat = await newUser();
    const shared = ulid();
    await call('POST', '/api/projects', { token: owner.token, body: { _id: shared, name: 'Original' } });
    await call('POST', '/api/timeactivities', {
      token: owner.token,
      body: { projectId: shared, activity: 'Secret', duration: 1000 },
    });
    const ownerBefore = await partition(owner.userId);

    const created = await call('POST', '/api/projects', {
      token: copycat.token,
      body: { _id: shared, name: 'Copy' },
    });
    await call('POST', '/api/timeactivities', {
      token: copycat.token,
      body: { projectId: shared, duration: 5 },
    });
    const copycatList = await call('GET', `/api/timeactivities/${shared}`, { token: copycat.token });
    const ownerList = await call('GET', `/api/timeactivities/${shared}`, { token: owner.token });
    await call('DELETE', `/api/projects/${shared}`, { token: copycat.token });

    expect(created.status).toBe(404);
    expect(copycatList.status).toBe(404);
    expect(await partition(copycat.userId)).toEqual([]);
    expect(ownerList.body.map((a: { activity: string }) => a.activity)).toEqual(['Secret']);
    expect(await partition(owner.userId)).toEqual(ownerBefore);
    await expectTotalsConsistent(owner.userId);
    await expectTotalsConsistent(copycat.userId);
  });
});
