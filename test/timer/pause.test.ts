import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { timerKey } from '../../functions/data/tracking/timer';
import { expectTotalsConsistent, newProject, newUser, partition, type TestUser } from '../activities/helpers';
import { call } from '../api';

const MIN = 60_000;
const H = 60 * MIN;
const entries = async (userId: string) =>
  (await partition(userId)).filter((i) => String(i.SK).startsWith('TIME#'));

/** A timer as another device left it: started `startedAgo` ms ago on `day`, with the given pauses. */
async function storedTimer(
  user: TestUser,
  projectId: string,
  t: { startedAgo: number; day: string; pausedMs?: number; pausedAgo?: number },
) {
  const now = Date.now();
  await ddb.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        ...timerKey(user.userId),
        type: 'TIMER',
        timerId: ulid(),
        userId: user.userId,
        projectId,
        activity: 'Night shift',
        description: '',
        startedAt: new Date(now - t.startedAgo).toISOString(),
        day: t.day,
        pausedMs: t.pausedMs ?? 0,
        ...(t.pausedAgo === undefined ? {} : { pausedAt: new Date(now - t.pausedAgo).toISOString() }),
      },
    }),
  );
}

const timerItem = async (userId: string) =>
  (await ddb.send(new GetCommand({ TableName: TABLE, Key: timerKey(userId), ConsistentRead: true }))).Item;

describe('pausing the timer (POST /api/timer/pause and /resume)', () => {
  it('pauses the running timer, and every device then sees it paused with its pausedAt', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timer', { token: user.token, body: { projectId, activity: 'Design' } });
    const before = Date.now();

    const paused = await call('POST', '/api/timer/pause', { token: user.token });

    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({
      running: true,
      projectId,
      activity: 'Design',
      paused: true,
      pausedMs: 0,
    });
    expect(Date.parse(paused.body.pausedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await call('GET', '/api/timer', { token: user.token })).body).toEqual(paused.body);
  });

  it('resumes with pausedMs holding all pauses so far, and GET answers paused: false', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await storedTimer(user, projectId, {
      startedAgo: 2 * H,
      day: '2026-01-05',
      pausedMs: 10 * MIN,
      pausedAgo: 20 * MIN,
    });

    const resumed = await call('POST', '/api/timer/resume', { token: user.token });

    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ running: true, paused: false, pausedAt: null });
    // 10 minutes of an earlier pause + the 20 of this one (and the few ms of the call).
    expect(resumed.body.pausedMs).toBeGreaterThanOrEqual(30 * MIN);
    expect(resumed.body.pausedMs).toBeLessThan(30 * MIN + 5_000);
    expect((await call('GET', '/api/timer', { token: user.token })).body).toEqual(resumed.body);
  });

  it('saves the duration without the pauses when a resumed timer stops', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await storedTimer(user, projectId, { startedAgo: 3 * H, day: '2026-01-05', pausedMs: 45 * MIN });

    const stopped = await call('POST', '/api/timer/stop', { token: user.token });

    expect(stopped.status).toBe(201);
    const span = Date.parse(stopped.body.endTime) - Date.parse(stopped.body.startTime);
    expect(stopped.body.duration).toBe(span - 45 * MIN);
    await expectTotalsConsistent(user.userId);
  });

  it('counts the pause in progress as a pause when a paused timer stops', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await storedTimer(user, projectId, {
      startedAgo: 2 * H,
      day: '2026-01-05',
      pausedMs: 0,
      pausedAgo: 30 * MIN,
    });

    const stopped = await call('POST', '/api/timer/stop', { token: user.token });

    expect(stopped.status).toBe(201);
    // Worked 90 minutes: the 30 it has been paused for are not work, however long the stop took.
    expect(stopped.body.duration).toBe(90 * MIN);
    expect(stopped.body.date).toBe('2026-01-05T00:00:00.000Z');
  });

  it('books a timer paused across midnight as one entry on the day it started', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const now = Date.now();
    const msSinceMidnight = now % (24 * H);
    const yesterday = new Date(now - msSinceMidnight - 1).toISOString().slice(0, 10);
    // Started 1 h before midnight, paused 30 min before midnight, resumed now.
    await storedTimer(user, projectId, {
      startedAgo: msSinceMidnight + H,
      day: yesterday,
      pausedAgo: msSinceMidnight + 30 * MIN,
    });
    await call('POST', '/api/timer/resume', { token: user.token });

    const stopped = await call('POST', '/api/timer/stop', { token: user.token });

    expect(stopped.status).toBe(201);
    expect(stopped.body.date).toBe(`${yesterday}T00:00:00.000Z`);
    expect(stopped.body.duration).toBeGreaterThanOrEqual(30 * MIN);
    expect(stopped.body.duration).toBeLessThan(30 * MIN + 5_000);
    expect(await entries(user.userId)).toHaveLength(1);
    const days = (await partition(user.userId)).filter((i) => String(i.SK).startsWith('DAY#'));
    expect(days.map((d) => [d.day, d.timeMs])).toEqual([[yesterday, stopped.body.duration]]);
    await expectTotalsConsistent(user.userId);
  });

  it('saves a paused timer without its pauses when another timer is started', async () => {
    const user = await newUser();
    const first = await newProject(user, 'First');
    const second = await newProject(user, 'Second');
    await storedTimer(user, first, { startedAgo: H, day: '2026-01-05', pausedAgo: 15 * MIN });

    const started = await call('POST', '/api/timer', { token: user.token, body: { projectId: second } });

    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ projectId: second, paused: false, pausedMs: 0 });
    const saved = await entries(user.userId);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.duration).toBe(45 * MIN);
  });

  it('answers 404 to a pause or resume when nothing runs, and stores nothing', async () => {
    const user = await newUser();

    for (const path of ['/api/timer/pause', '/api/timer/resume']) {
      const res = await call('POST', path, { token: user.token });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ errors: [{ msg: 'No timer is running', code: 'TIMER_NOT_RUNNING' }] });
    }
    expect(await timerItem(user.userId)).toBeUndefined();
  });

  it('answers 409 TIMER_STATE to pausing twice and to resuming a running timer, changing nothing', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timer', { token: user.token, body: { projectId } });

    const resumeRunning = await call('POST', '/api/timer/resume', { token: user.token });
    await call('POST', '/api/timer/pause', { token: user.token });
    const pausedItem = await timerItem(user.userId);
    const pauseTwice = await call('POST', '/api/timer/pause', { token: user.token });

    for (const res of [resumeRunning, pauseTwice]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        errors: [
          {
            msg: 'The timer has already been paused or resumed, perhaps on another device',
            code: 'TIMER_STATE',
          },
        ],
      });
    }
    expect(await timerItem(user.userId)).toEqual(pausedItem);
  });

  it('counts a pause once when resumes race from several devices', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await storedTimer(user, projectId, { startedAgo: H, day: '2026-01-05', pausedAgo: 10 * MIN });

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/api/timer/resume', { token: user.token })),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const item = await timerItem(user.userId);
    expect(item?.pausedAt).toBeUndefined();
    expect(item?.pausedMs).toBeGreaterThanOrEqual(10 * MIN);
    expect(item?.pausedMs).toBeLessThan(10 * MIN + 5_000);
  });

  it('pauses once when pauses race, and a stop racing a pause saves one entry', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timer', { token: user.token, body: { projectId } });

    const pauses = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/api/timer/pause', { token: user.token })),
    );
    const [stop, resume] = await Promise.all([
      call('POST', '/api/timer/stop', { token: user.token }),
      call('POST', '/api/timer/resume', { token: user.token }),
    ]);

    expect(pauses.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(stop.status).toBe(201);
    // The resume either came first (200) or found the timer saved (404).
    expect([200, 404]).toContain(resume.status);
    expect(await entries(user.userId)).toHaveLength(1);
    expect(await timerItem(user.userId)).toBeUndefined();
    await expectTotalsConsistent(user.userId);
  });

  it("never pauses or resumes another user's timer", async () => {
    const owner = await newUser();
    const other = await newUser();
    const projectId = await newProject(owner);
    await call('POST', '/api/timer', { token: owner.token, body: { projectId } });

    expect((await call('POST', '/api/timer/pause', { token: other.token })).status).toBe(404);
    expect((await call('GET', '/api/timer', { token: owner.token })).body.paused).toBe(false);
  });

  it('answers a timer started before pauses existed as never paused', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          ...timerKey(user.userId),
          type: 'TIMER',
          timerId: ulid(),
          userId: user.userId,
          projectId,
          activity: '',
          description: '',
          startedAt: new Date(Date.now() - H).toISOString(),
          day: '2026-01-05',
        },
      }),
    );

    expect((await call('GET', '/api/timer', { token: user.token })).body).toMatchObject({
      paused: false,
      pausedAt: null,
      pausedMs: 0,
    });
    expect((await call('POST', '/api/timer/pause', { token: user.token })).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await call('POST', '/api/timer/pause')).status).toBe(401);
    expect((await call('POST', '/api/timer/resume')).status).toBe(401);
  });
});
