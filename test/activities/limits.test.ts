import { describe, expect, it } from 'vitest';
import { call } from '../api';
import { expectTotalsConsistent, newProject, newUser } from './helpers';

describe('free limits (config: 3 projects, 125 items)', () => {
  it('lets a free user create 3 projects and refuses the 4th with the upgrade message', async () => {
    const user = await newUser();
    for (let i = 1; i <= 3; i++) await newProject(user, `P${i}`);

    const res = await call('POST', '/api/projects', { token: user.token, body: { name: 'P4' } });

    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      errors: [
        {
          msg: 'Please upgrade to premium to add more than 3 projects',
          code: 'FREE_PROJECT_LIMIT',
          values: { limit: 3 },
        },
      ],
    });
    expect((await call('GET', '/api/projects', { token: user.token })).body).toHaveLength(3);
  });

  it('lets a free user who deleted a project create another', async () => {
    const user = await newUser();
    const ids = [await newProject(user), await newProject(user), await newProject(user)];
    await call('DELETE', `/api/projects/${ids[0]}`, { token: user.token });

    expect((await call('POST', '/api/projects', { token: user.token, body: { name: 'again' } })).status).toBe(
      201,
    );
  });

  it('never lets concurrent creates pass the project limit', async () => {
    const user = await newUser();

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', '/api/projects', { token: user.token, body: { name: `P${i}` } }),
      ),
    );

    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(3);
    await expectTotalsConsistent(user.userId);
  });

  it('has no project limit for premium users', async () => {
    const user = await newUser({ premium: true });
    for (let i = 1; i <= 4; i++) await newProject(user, `P${i}`);

    expect((await call('POST', '/api/projects', { token: user.token, body: { name: 'P5' } })).status).toBe(
      201,
    );
  });

  it('accepts 125 items, time and finance together, and refuses the 126th with the upgrade message', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    for (let i = 0; i < 125; i++) {
      const path = i % 2 ? '/api/timeactivities' : '/api/financeactivities';
      const res = await call('POST', path, {
        token: user.token,
        body: { projectId, duration: 1, amount: 1 },
      });
      expect(res.status).toBe(201);
    }

    const time = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: 5 },
    });
    const money = await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId, amount: 5 },
    });

    for (const res of [time, money]) {
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
    const { times, fins } = await expectTotalsConsistent(user.userId);
    expect(times.length + fins.length).toBe(125);
  });

  it('has no item limit for premium users', async () => {
    const user = await newUser({ premium: true });
    const projectId = await newProject(user);
    await Promise.all(
      Array.from({ length: 126 }, () =>
        call('POST', '/api/financeactivities', { token: user.token, body: { projectId, amount: 0.01 } }),
      ),
    );

    const res = await call('POST', '/api/timeactivities', { token: user.token, body: { projectId } });

    expect(res.status).toBe(201);
    const { fins } = await expectTotalsConsistent(user.userId);
    expect(fins).toHaveLength(126);
  });
});
