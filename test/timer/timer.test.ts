import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { countersKey } from '../../functions/data/core/counters';
import { timerKey } from '../../functions/data/tracking/timer';
import {
  expectTotalsConsistent,
  newProject,
  newUser,
  partition,
  projectVia,
  type TestUser,
} from '../activities/helpers';
import { call } from '../api';

const H = 3_600_000;
const entries = async (userId: string) =>
  (await partition(userId)).filter((i) => String(i.SK).startsWith('TIME#'));

/** A timer that started `msAgo` before now on `day`, stored as a start on another device would. */
async function timerStartedAgo(user: TestUser, projectId: string, msAgo: number, day: string, id: string) {
  await ddb.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        ...timerKey(user.userId),
        type: 'TIMER',
        timerId: id,
        userId: user.userId,
        projectId,
        activity: 'Night shift',
        description: 'Deploy',
        startedAt: new Date(Date.now() - msAgo).toISOString(),
        day,
      },
    }),
  );
}

describe('the running timer (GET/POST/DELETE /api/timer, POST /api/timer/stop)', () => {
  it('answers running: false when no timer runs', async () => {
    const user = await newUser();

    const res = await call('GET', '/api/timer', { token: user.token });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ running: false });
  });

  it('starts a timer that every later read (another tab, another device) sees', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const before = Date.now();

    const started = await call('POST', '/api/timer', {
      token: user.token,
      body: { projectId, activity: 'デザイン 🎨', description: '50% #2' },
    });

    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      running: true,
      projectId,
      activity: 'デザイン 🎨',
      description: '50% #2',
      startedAt: expect.any(String),
      paused: false,
      pausedAt: null,
      pausedMs: 0,
      billable: true,
      tags: [],
    });
    expect(Date.parse(started.body.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await call('GET', '/api/timer', { token: user.token })).body).toEqual(started.body);
    // Nothing is saved while it runs.
    expect(await entries(user.userId)).toHaveLength(0);
  });

  it('stops the timer into one entry with its start, end and duration, on the start day', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const started = await call('POST', '/api/timer', {
      token: user.token,
      body: { projectId, activity: 'Design', description: 'Logo' },
    });

    const stopped = await call('POST', '/api/timer/stop', { token: user.token });

    expect(stopped.status).toBe(201);
    const entry = stopped.body;
    expect(entry).toMatchObject({
      _id: expect.any(String),
      user: user.userId,
      projectId,
      activity: 'Design',
      description: 'Logo',
      startTime: started.body.startedAt,
      date: `${started.body.startedAt.slice(0, 10)}T00:00:00.000Z`,
    });
    expect(entry.duration).toBe(Date.parse(entry.endTime) - Date.parse(entry.startTime));
    expect(entry.duration).toBeGreaterThanOrEqual(0);
    expect((await call('GET', '/api/timer', { token: user.token })).body).toEqual({ running: false });
    expect((await projectVia(user, projectId))?.totalHours).toBe(entry.duration);
    const listed = await call('GET', `/api/timeactivities/${projectId}`, { token: user.token });
    expect(listed.body).toEqual([entry]);
    await expectTotalsConsistent(user.userId);
  });

  it('books the start day in the time zone the timer was started in', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    await call('POST', '/api/timer', {
      token: user.token,
      body: { projectId, timeZone: 'Pacific/Kiritimati' },
    });
    const stopped = await call('POST', '/api/timer/stop', { token: user.token });

    // UTC+14: the local day is the UTC day or the next one, never the UTC one when it is past 10:00 UTC.
    const kiritimati = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      new Date(stopped.body.startTime),
    );
    expect(stopped.body.date).toBe(`${kiritimati}T00:00:00.000Z`);
  });

  it('refuses an unknown time zone with 400 and starts nothing', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    const res = await call('POST', '/api/timer', {
      token: user.token,
      body: { projectId, timeZone: 'Mars/Olympus' },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ msg: 'Unknown time zone', param: 'timeZone' });
    expect((await call('GET', '/api/timer', { token: user.token })).body).toEqual({ running: false });
  });

  it('saves the running timer as an entry when another is started, and runs the new one', async () => {
    const user = await newUser();
    const first = await newProject(user, 'First');
    const second = await newProject(user, 'Second');
    await timerStartedAgo(user, first, 90_000, new Date().toISOString().slice(0, 10), ulid());
    const a = await call('GET', '/api/timer', { token: user.token });

    const b = await call('POST', '/api/timer', {
      token: user.token,
      body: { projectId: second, activity: 'B' },
    });

    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ running: true, projectId: second, activity: 'B' });
    const saved = await entries(user.userId);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      projectId: first,
      activity: 'Night shift',
      startTime: a.body.startedAt,
    });
    expect(saved[0]?.endTime).toBe(b.body.startedAt);
    expect((await call('GET', '/api/timer', { token: user.token })).body).toEqual(b.body);
    await expectTotalsConsistent(user.userId);
  });

  it('discards the running timer with 204 and saves nothing; discarding nothing is also 204', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timer', { token: user.token, body: { projectId } });

    const discarded = await call('DELETE', '/api/timer', { token: user.token });

    expect(discarded.status).toBe(204);
    expect((await call('GET', '/api/timer', { token: user.token })).body).toEqual({ running: false });
    expect(await entries(user.userId)).toHaveLength(0);
    expect((await call('DELETE', '/api/timer', { token: user.token })).status).toBe(204);
  });

  it('answers 404 to a stop with no timer running and stores nothing', async () => {
    const user = await newUser();
    await newProject(user);

    const res = await call('POST', '/api/timer/stop', { token: user.token });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [{ msg: 'No timer is running', code: 'TIMER_NOT_RUNNING' }] });
    expect(await entries(user.userId)).toHaveLength(0);
  });

  it('saves one entry when a stop is retried', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timer', { token: user.token, body: { projectId } });

    const first = await call('POST', '/api/timer/stop', { token: user.token });
    const retry = await call('POST', '/api/timer/stop', { token: user.token });

    expect(first.status).toBe(201);
    expect(retry.status).toBe(404);
    expect(await entries(user.userId)).toHaveLength(1);
    await expectTotalsConsistent(user.userId);
  });

  it('saves one entry when several stops of the same timer race: exactly one 201, the others 404 (issue 35 item 7)', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timer', { token: user.token, body: { projectId, activity: 'Race' } });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/timer/stop', { token: user.token })),
    );

    const saved = await entries(user.userId);
    expect(saved).toHaveLength(1);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 404, 404, 404, 404]);
    expect(answers.find((a) => a.status === 201)?.body._id).toBe(saved[0]?.activityId);
    for (const a of answers.filter((a) => a.status === 404))
      expect(a.body.errors[0].code).toBe('TIMER_NOT_RUNNING');
    await expectTotalsConsistent(user.userId);
  });

  it('keeps one timer and saves no junk entry when starts race from several devices (audit fix 9)', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await timerStartedAgo(user, projectId, 60_000, new Date().toISOString().slice(0, 10), ulid());

    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        call('POST', '/api/timer', { token: user.token, body: { projectId, activity: `Device ${i}` } }),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    // The minute-long timer is saved once; the starts that replaced each other within a second are not.
    const saved = await entries(user.userId);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.duration).toBeGreaterThanOrEqual(60_000);
    expect((await call('GET', '/api/timer', { token: user.token })).body.running).toBe(true);
    await expectTotalsConsistent(user.userId);
  });

  it('replaces a timer that ran under a second without saving it', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timer', { token: user.token, body: { projectId, activity: 'Oops' } });

    const next = await call('POST', '/api/timer', {
      token: user.token,
      body: { projectId, activity: 'Real' },
    });

    expect(next.status).toBe(201);
    expect(next.body.activity).toBe('Real');
    expect(await entries(user.userId)).toEqual([]);
    await expectTotalsConsistent(user.userId);
  });

  it('books a timer that ran across midnight as one entry on the day it started', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const now = Date.now();
    const msSinceMidnight = now % (24 * H);
    const yesterday = new Date(now - msSinceMidnight - 1).toISOString().slice(0, 10);
    await timerStartedAgo(user, projectId, msSinceMidnight + 30 * 60_000, yesterday, ulid());

    const stopped = await call('POST', '/api/timer/stop', { token: user.token });

    expect(stopped.status).toBe(201);
    expect(stopped.body.date).toBe(`${yesterday}T00:00:00.000Z`);
    expect(stopped.body.startTime.slice(0, 10)).toBe(yesterday);
    expect(stopped.body.endTime.slice(0, 10)).not.toBe(yesterday);
    expect(stopped.body.duration).toBeGreaterThanOrEqual(msSinceMidnight + 30 * 60_000);
    const days = (await partition(user.userId)).filter((i) => String(i.SK).startsWith('DAY#'));
    expect(days.map((d) => [d.day, d.timeMs])).toEqual([[yesterday, stopped.body.duration]]);
    await expectTotalsConsistent(user.userId);
  });

  it("answers 404 for another user's project and starts nothing", async () => {
    const owner = await newUser();
    const other = await newUser();
    const projectId = await newProject(owner);

    const res = await call('POST', '/api/timer', { token: other.token, body: { projectId } });

    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('PROJECT_NOT_FOUND');
    expect((await call('GET', '/api/timer', { token: other.token })).body).toEqual({ running: false });
    expect((await call('GET', '/api/timer', { token: owner.token })).body).toEqual({ running: false });
  });

  it("never shows or stops another user's timer", async () => {
    const owner = await newUser();
    const other = await newUser();
    const projectId = await newProject(owner);
    await call('POST', '/api/timer', { token: owner.token, body: { projectId } });

    expect((await call('GET', '/api/timer', { token: other.token })).body).toEqual({ running: false });
    expect((await call('POST', '/api/timer/stop', { token: other.token })).status).toBe(404);
    expect((await call('DELETE', '/api/timer', { token: other.token })).status).toBe(204);
    expect((await call('GET', '/api/timer', { token: owner.token })).body.running).toBe(true);
  });

  it('applies the free item limit when the entry is saved: 403 and the timer keeps running', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await timerStartedAgo(user, projectId, 5_000, new Date().toISOString().slice(0, 10), ulid());
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: countersKey(user.userId),
        UpdateExpression: 'SET activityCount = :full',
        ExpressionAttributeValues: { ':full': 125 },
      }),
    );

    const stop = await call('POST', '/api/timer/stop', { token: user.token });
    const replace = await call('POST', '/api/timer', { token: user.token, body: { projectId } });

    for (const res of [stop, replace]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        errors: [
          {
            msg: 'Please upgrade to premium to add more than 125 items',
            code: 'FREE_ITEM_LIMIT',
            values: { limit: 125 },
          },
        ],
      });
    }
    expect(await entries(user.userId)).toHaveLength(0);
    expect((await call('GET', '/api/timer', { token: user.token })).body.running).toBe(true);
    // Discarding is always possible.
    expect((await call('DELETE', '/api/timer', { token: user.token })).status).toBe(204);
  });

  it('discards a timer whose project was deleted while it ran: stop answers 404 and saves nothing', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timer', { token: user.token, body: { projectId } });
    await call('DELETE', `/api/projects/${projectId}`, { token: user.token });

    const stop = await call('POST', '/api/timer/stop', { token: user.token });

    expect(stop.status).toBe(404);
    expect(stop.body.errors[0].code).toBe('PROJECT_NOT_FOUND');
    expect((await call('GET', '/api/timer', { token: user.token })).body).toEqual({ running: false });
    await expectTotalsConsistent(user.userId);
  });

  it('refuses bad input with 400 and starts nothing', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const bad = [
      {},
      { projectId: 42 },
      { projectId, activity: 'x'.repeat(201) },
      { projectId, description: 7 },
      { projectId, activity: '\ud800' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/timer', { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].msg).toEqual(expect.any(String));
    }
    expect((await call('POST', '/api/timer', { token: user.token, rawBody: '{nope' })).status).toBe(400);
    expect((await call('GET', '/api/timer', { token: user.token })).body).toEqual({ running: false });
  });

  it('needs a token', async () => {
    expect((await call('GET', '/api/timer')).status).toBe(401);
    expect((await call('POST', '/api/timer/stop')).status).toBe(401);
  });
});
