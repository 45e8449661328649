import { describe, expect, it } from 'vitest';
import { call } from '../api';
import { newProject, newUser, partition } from './helpers';

const HUGE = 'x'.repeat(2 * 1024 * 1024);

describe('bad input to the activity endpoints', () => {
  const timeCases: [string, (projectId: string) => Record<string, unknown>, string, string][] = [
    [
      'a negative duration',
      (p) => ({ projectId: p, duration: -1 }),
      'duration',
      'Duration must not be negative',
    ],
    [
      'a duration as text',
      (p) => ({ projectId: p, duration: '60' }),
      'duration',
      'Duration must be a number of milliseconds',
    ],
    [
      'a duration over a year',
      (p) => ({ projectId: p, duration: 367 * 24 * 3_600_000 }),
      'duration',
      'Duration must be at most 8784 hours',
    ],
    [
      'a 2 MB task',
      (p) => ({ projectId: p, activity: HUGE }),
      'activity',
      'Task must be at most 200 characters',
    ],
    [
      'a 2 MB sub-task',
      (p) => ({ projectId: p, description: HUGE }),
      'description',
      'Sub-task must be at most 200 characters',
    ],
    [
      'a start that is not a time',
      (p) => ({ projectId: p, startTime: 'noon' }),
      'startTime',
      'Start time must be an ISO date-time or null',
    ],
    [
      'an end as a number',
      (p) => ({ projectId: p, endTime: 5 }),
      'endTime',
      'End time must be an ISO date-time or null',
    ],
    [
      'a date that is not a date',
      (p) => ({ projectId: p, date: '31/12/2026' }),
      'date',
      'Date must be an ISO date (yyyy-mm-dd or a timestamp)',
    ],
    [
      'a timestamp on a day that does not exist (not rolled over to March)',
      (p) => ({ projectId: p, date: '2024-02-30T10:00:00Z' }),
      'date',
      'Date must be an ISO date (yyyy-mm-dd or a timestamp)',
    ],
    [
      'a start on a day that does not exist',
      (p) => ({ projectId: p, startTime: '2026-02-30T09:00:00.000Z', endTime: '2026-03-02T10:00:00.000Z' }),
      'startTime',
      'Start time must be an ISO date-time or null',
    ],
    ['no project', () => ({ duration: 5 }), 'projectId', 'Project is required'],
    [
      'a client id that is not a ULID',
      (p) => ({ _id: 'mine', projectId: p }),
      '_id',
      'The id must be a ULID',
    ],
  ];

  it.each(timeCases)('refuses a time entry with %s: 400 and nothing stored', async (_, body, param, msg) => {
    const user = await newUser();
    const projectId = await newProject(user);
    const before = await partition(user.userId);

    const res = await call('POST', '/api/timeactivities', { token: user.token, body: body(projectId) });

    expect(res.status).toBe(400);
    // Each refusal has a code of its own (and its values), so the app can say it in any language.
    expect(res.body).toEqual({
      errors: [
        expect.objectContaining({ msg, param, code: expect.not.stringMatching(/^VALIDATION_ERROR$/) }),
      ],
    });
    expect(await partition(user.userId)).toEqual(before);
  });

  it('refuses an edit with a negative duration and leaves the entry as it was', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const created = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: 9 },
    });
    const before = await partition(user.userId);

    const res = await call('PUT', `/api/timeActivities/${created.body._id}`, {
      token: user.token,
      body: { duration: -5 },
    });

    expect(res.status).toBe(400);
    expect(await partition(user.userId)).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const user = await newUser();

    const res = await call('POST', '/api/timeactivities', { token: user.token, rawBody: '{"projectId":' });

    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('INVALID_JSON');
    expect(await partition(user.userId)).toEqual([]);
  });

  it('answers 404 for a well-formed project id that is not the caller’s, storing nothing', async () => {
    const user = await newUser();
    await newProject(user);
    const before = await partition(user.userId);

    const res = await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId: '01HZZZZZZZZZZZZZZZZZZZZZZZ', amount: 5 },
    });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [{ msg: 'Project not found', code: 'PROJECT_NOT_FOUND' }] });
    expect(await partition(user.userId)).toEqual(before);
  });

  it.each([
    ['a key fragment', 'PROJECT#x'],
    ['a 2,100-character id', 'x'.repeat(2100)],
  ])('answers 404 for a project id in the body that is %s, storing nothing', async (_, projectId) => {
    const user = await newUser();
    await newProject(user);
    const before = await partition(user.userId);

    const res = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: 5 },
    });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      errors: [{ msg: 'Project not found', code: 'PROJECT_NOT_FOUND', param: 'projectId' }],
    });
    expect(await partition(user.userId)).toEqual(before);
  });

  it('answers 404 for unknown or malformed entry ids in the path', async () => {
    const user = await newUser();

    for (const id of ['01HZZZZZZZZZZZZZZZZZZZZZZZ', 'not%23an%23id', 'x'.repeat(300)]) {
      expect((await call('PUT', `/api/timeActivities/${id}`, { token: user.token, body: {} })).status).toBe(
        404,
      );
      expect((await call('DELETE', `/api/financeActivities/${id}`, { token: user.token })).status).toBe(404);
      expect((await call('GET', `/api/timeactivities/${id}`, { token: user.token })).status).toBe(404);
    }
    expect(await partition(user.userId)).toEqual([]);
  });

  it('refuses every activity call without a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/projects'],
      ['POST', '/api/timeactivities'],
      ['PUT', '/api/financeActivities/x'],
      ['DELETE', '/api/projects/x'],
    ] as const) {
      expect((await call(method, path, { body: {} })).status).toBe(401);
    }
  });
});
