import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { passThroughDdb, realDdb } from '../faults';

/**
 * `GET /api/projects` reads the caller's projects beside the session check (`routeReadingEarly`
 * in `functions/http`): one round trip of waiting instead of two. What it must never do is answer
 * a refused session with anything it read, or turn a refusal into a server error.
 */

const SESSION_READ_MS = 80;

/** The session's read held back, and when each read went out and came back (ms since `start`). */
function slowSessionRead() {
  const mock = passThroughDdb();
  const start = performance.now();
  const seen = { sessionAnswered: Number.NaN, projectsAsked: Number.NaN };
  mock.on(BatchGetCommand).callsFake(async (input) => {
    await new Promise((resolve) => setTimeout(resolve, SESSION_READ_MS));
    const out = await realDdb.send(new BatchGetCommand(input));
    seen.sessionAnswered = performance.now() - start;
    return out;
  });
  return {
    mock,
    seen,
    onQuery: (fake: (input: QueryCommand['input']) => Promise<unknown>) => {
      mock.on(QueryCommand).callsFake(async (input) => {
        // The first Query is the projects' (a budget's month would be read after the session).
        if (Number.isNaN(seen.projectsAsked)) seen.projectsAsked = performance.now() - start;
        return fake(input);
      });
    },
  };
}

async function withProjects(names: string[]): Promise<TestUser> {
  const user = await newUser();
  for (const name of names) {
    expect((await call('POST', '/api/projects', { token: user.token, body: { name } })).status).toBe(201);
  }
  return user;
}

describe('GET /api/projects beside the session check', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it('asks for the projects before the session read answers, and answers them once it holds', async () => {
    const user = await withProjects(['Website', 'プロジェクト 🚀']);
    const slow = slowSessionRead();
    restore = () => slow.mock.restore();
    slow.onQuery((input) => realDdb.send(new QueryCommand(input)));

    const res = await call('GET', '/api/projects', { token: user.token });

    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string }) => p.name).sort()).toEqual(
      ['Website', 'プロジェクト 🚀'].sort(),
    );
    expect(slow.seen.projectsAsked).toBeLessThan(slow.seen.sessionAnswered);
  });

  it('answers a logged-out token 401 with nothing of what it read', async () => {
    const user = await withProjects(['Secret client work']);
    expect((await call('POST', '/api/auth/logout', { token: user.token })).status).toBe(204);
    const slow = slowSessionRead();
    restore = () => slow.mock.restore();
    slow.onQuery((input) => realDdb.send(new QueryCommand(input)));

    const res = await call('GET', '/api/projects', { token: user.token });

    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(JSON.stringify(res.body)).not.toContain('Secret client work');
    // The read went out all the same, and was dropped.
    expect(slow.seen.projectsAsked).toBeLessThan(slow.seen.sessionAnswered);
  });

  it('answers a refused session 401 even when its early read failed, and a held one 500', async () => {
    const revoked = await withProjects(['A']);
    expect((await call('POST', '/api/auth/logout', { token: revoked.token })).status).toBe(204);
    const holding = await withProjects(['B']);
    const slow = slowSessionRead();
    restore = () => slow.mock.restore();
    slow.onQuery(() =>
      Promise.reject(Object.assign(new Error('connection reset'), { name: 'NetworkingError' })),
    );

    const refused = await call('GET', '/api/projects', { token: revoked.token });
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0]).toMatchObject({ code: 'INVALID_TOKEN' });
    // The early read went out, and failed, while the session was still being read.
    expect(slow.seen.projectsAsked).toBeLessThan(slow.seen.sessionAnswered);

    // A signed-in caller whose projects cannot be read learns so; it never gets an empty list.
    const failed = await call('GET', '/api/projects', { token: holding.token });
    expect(failed.status).toBe(500);
    expect(Array.isArray(failed.body)).toBe(false);
  });
});
