import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { call } from '../api';
import { expectTotalsConsistent, newProject, newUser, partition, projectVia } from './helpers';

const H = 3_600_000;

describe('POST /api/timeactivities', () => {
  it('stores the entry on its day at midnight UTC and adds its duration to the project total', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    const res = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: {
        projectId,
        activity: 'Design',
        description: 'Logo',
        date: '2026-03-12T15:42:00.000Z',
        startTime: '2026-03-12T09:00:00.000Z',
        endTime: '2026-03-12T11:30:00.000Z',
        duration: 1,
      },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      user: user.userId,
      projectId,
      activity: 'Design',
      description: 'Logo',
      date: '2026-03-12T00:00:00.000Z',
      startTime: '2026-03-12T09:00:00.000Z',
      endTime: '2026-03-12T11:30:00.000Z',
      duration: 2.5 * H,
      // On no invoice yet.
      invoiceId: null,
      billable: true,
      tags: [],
    });
    expect((await projectVia(user, projectId))?.totalHours).toBe(2.5 * H);
    await expectTotalsConsistent(user.userId);
  });

  it('defaults the date to today and the duration to 0 when neither is sent', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;

    const res = await call('POST', '/api/timeactivities', { token: user.token, body: { projectId } });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      date: today,
      duration: 0,
      startTime: null,
      endTime: null,
      activity: '',
    });
  });

  it('counts an entry crossing midnight on its date', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    const res = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: {
        projectId,
        date: '2026-03-12',
        startTime: '2026-03-12T23:00:00.000Z',
        endTime: '2026-03-13T01:15:00.000Z',
      },
    });

    expect(res.body.duration).toBe(2.25 * H);
    const days = (await partition(user.userId)).filter((i) => String(i.SK).startsWith('DAY#'));
    expect(days.map((d) => [d.day, d.timeMs])).toEqual([['2026-03-12', 2.25 * H]]);
  });

  it("refuses a start after the end with the specification's notice and stores nothing", async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const before = await partition(user.userId);

    const res = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, startTime: '2026-03-12T12:00:00Z', endTime: '2026-03-12T11:00:00Z' },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({
      msg: "Woah time traveller! Your start time can't be after your end time!",
      code: 'START_AFTER_END',
      param: 'startTime',
    });
    expect(await partition(user.userId)).toEqual(before);
  });

  it('answers a repeated create with the same id with the stored entry and counts it once', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const body = { _id: ulid(), projectId, activity: 'Call', duration: 45 * 60_000 };

    const first = await call('POST', '/api/timeactivities', { token: user.token, body });
    const again = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { ...body, duration: H },
    });

    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await projectVia(user, projectId))?.totalHours).toBe(45 * 60_000);
    const { times } = await expectTotalsConsistent(user.userId);
    expect(times).toHaveLength(1);
  });

  it('counts concurrent repeats of one create once', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const body = { _id: ulid(), projectId, duration: 10 * 60_000 };

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/timeactivities', { token: user.token, body })),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect((await projectVia(user, projectId))?.totalHours).toBe(10 * 60_000);
    await expectTotalsConsistent(user.userId);
  });
});

describe('PUT /api/timeActivities/{id}', () => {
  it('recomputes the duration from new times and keeps the project total equal to the entries', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const created = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: {
        projectId,
        activity: 'Build',
        startTime: '2026-01-05T08:00:00Z',
        endTime: '2026-01-05T09:00:00Z',
      },
    });

    const res = await call('PUT', `/api/timeActivities/${created.body._id}`, {
      token: user.token,
      body: { ...created.body, endTime: '2026-01-05T12:00:00Z', duration: 5 },
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: created.body._id, duration: 4 * H, activity: 'Build' });
    expect((await projectVia(user, projectId))?.totalHours).toBe(4 * H);
    await expectTotalsConsistent(user.userId);
  });

  it('moves an entry between projects and day buckets, adjusting both projects', async () => {
    const user = await newUser();
    const from = await newProject(user, 'From');
    const to = await newProject(user, 'To');
    const created = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId: from, date: '2026-02-01', duration: 3 * H, activity: 'Write' },
    });

    const res = await call('PUT', `/api/timeActivities/${created.body._id}`, {
      token: user.token,
      body: { projectId: to, date: '2026-02-02', activity: 'Edit' },
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ projectId: to, date: '2026-02-02T00:00:00.000Z', duration: 3 * H });
    expect((await projectVia(user, from))?.totalHours).toBe(0);
    expect((await projectVia(user, to))?.totalHours).toBe(3 * H);
    await expectTotalsConsistent(user.userId);
    const list = await call('GET', `/api/timeactivities/${to}`, { token: user.token });
    expect(list.body.map((a: { _id: string }) => a._id)).toEqual([created.body._id]);
    expect((await call('GET', `/api/timeactivities/${from}`, { token: user.token })).body).toEqual([]);
  });

  it('clears the start with null and then keeps the given duration', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const created = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, startTime: '2026-01-05T08:00:00Z', endTime: '2026-01-05T09:00:00Z' },
    });

    const res = await call('PUT', `/api/timeActivities/${created.body._id}`, {
      token: user.token,
      body: { startTime: null, duration: 2 * H },
    });

    expect(res.body).toMatchObject({ startTime: null, endTime: '2026-01-05T09:00:00.000Z', duration: 2 * H });
    await expectTotalsConsistent(user.userId);
  });

  it('refuses an edit that puts the start after the end and changes nothing', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const created = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, startTime: '2026-01-05T08:00:00Z', endTime: '2026-01-05T09:00:00Z' },
    });
    const before = await partition(user.userId);

    const res = await call('PUT', `/api/timeActivities/${created.body._id}`, {
      token: user.token,
      body: { startTime: '2026-01-05T10:00:00Z' },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe("Woah time traveller! Your start time can't be after your end time!");
    expect(await partition(user.userId)).toEqual(before);
  });
});

describe('DELETE /api/timeActivities/{id}', () => {
  it('removes the entry from the project total, the rollups and the count', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const keep = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: H },
    });
    const drop = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: 2 * H, activity: 'Gone' },
    });

    const res = await call('DELETE', `/api/timeActivities/${drop.body._id}`, { token: user.token });

    expect(res.status).toBe(200);
    expect((await projectVia(user, projectId))?.totalHours).toBe(H);
    const { times } = await expectTotalsConsistent(user.userId);
    expect(times.map((t) => t.activityId)).toEqual([keep.body._id]);
    expect((await call('DELETE', `/api/timeActivities/${drop.body._id}`, { token: user.token })).status).toBe(
      404,
    );
  });
});

describe('GET /api/timeactivities/{projectId}', () => {
  it('lists newest first and pages with the x-next-cursor header', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    for (const date of ['2026-01-01', '2026-01-03', '2026-01-02']) {
      await call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, date, duration: H },
      });
    }

    const first = await call('GET', `/api/timeactivities/${projectId}`, {
      token: user.token,
      query: { limit: '2' },
    });
    const second = await call('GET', `/api/timeactivities/${projectId}`, {
      token: user.token,
      query: { limit: '2', cursor: first.headers['x-next-cursor']! },
    });

    expect(first.body.map((a: { date: string }) => a.date.slice(0, 10))).toEqual([
      '2026-01-03',
      '2026-01-02',
    ]);
    expect(second.body.map((a: { date: string }) => a.date.slice(0, 10))).toEqual(['2026-01-01']);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses a cursor it did not hand out', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    const res = await call('GET', `/api/timeactivities/${projectId}`, {
      token: user.token,
      query: { cursor: Buffer.from('{"PK":"USER#someone-else"}').toString('base64url') },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ msg: 'Invalid cursor', param: 'cursor' });
  });
});
