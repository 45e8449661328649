import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackedValueCents } from '../../contract/money';
import { newProject, newUser, projectVia } from '../activities/helpers';
import { call } from '../api';

const HMS = (h: number, m: number, s: number) => ((h * 60 + m) * 60 + s) * 1000;

describe('project hourly rates and trackedValue', () => {
  it('has no rate and no tracked value until a rate is set', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    expect(await projectVia(user, projectId)).toMatchObject({ hourlyRate: null, trackedValue: null });
  });

  it.each([
    [33.33, HMS(1, 7, 13), 37.34], // 3,733.886 cents → 3,734
    [0.01, HMS(1, 7, 13), 0.01], // 1.12 cents → 1
    [0.01, HMS(0, 30, 0), 0.01], // exactly half a cent rounds up
    [0.01, HMS(0, 29, 59), 0], // just under half a cent rounds down
    [150, HMS(2, 30, 0), 375],
    [99.99, HMS(1000, 0, 1), 99990.03], // 99,990.0277… → 99,990.03
  ])('values %d an hour × %d ms at %d, exact to the cent', async (rate, ms, value) => {
    const user = await newUser();
    const created = await call('POST', '/api/projects', {
      token: user.token,
      body: { name: 'Rated', hourlyRate: rate },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ hourlyRate: rate, trackedValue: 0 });
    await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId: created.body._id, duration: ms },
    });

    expect(await projectVia(user, created.body._id)).toMatchObject({ hourlyRate: rate, trackedValue: value });
  });

  it('changes and removes the rate on update, and revalues the hours tracked so far', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: HMS(3, 0, 0) },
    });

    const set = await call('PUT', `/api/projects/${projectId}`, {
      token: user.token,
      body: { hourlyRate: 80.5 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ hourlyRate: 80.5, trackedValue: 241.5 });

    const removed = await call('PUT', `/api/projects/${projectId}`, {
      token: user.token,
      body: { hourlyRate: null },
    });
    expect(removed.body).toMatchObject({ hourlyRate: null, trackedValue: null });
    expect(await projectVia(user, projectId)).toMatchObject({ hourlyRate: null, trackedValue: null });
  });

  it('refuses a negative rate, more than 2 decimals or text with 400 and stores nothing', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    for (const hourlyRate of [-1, 10.005, '12', 1e12, { amount: 1 }]) {
      const res = await call('PUT', `/api/projects/${projectId}`, {
        token: user.token,
        body: { hourlyRate },
      });
      expect(res.status, String(hourlyRate)).toBe(400);
      expect(res.body.errors[0].param).toBe('hourlyRate');
    }
    const create = await call('POST', '/api/projects', {
      token: user.token,
      body: { name: 'x', hourlyRate: -0.5 },
    });
    expect(create.status).toBe(400);
    expect(await projectVia(user, projectId)).toMatchObject({ hourlyRate: null });
    expect((await call('GET', '/api/projects', { token: user.token })).body).toHaveLength(1);
  });

  it('computes the value as integer cents: round(ms × rate ÷ 3,600,000), half up, for any input', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 10_000_000_000 }),
        (ms, rate) => {
          const cents = trackedValueCents(ms, rate);
          const exact = BigInt(ms) * BigInt(rate);
          // cents is the nearest integer to exact / 3,600,000, ties up.
          expect(BigInt(cents) * 3_600_000n * 2n >= exact * 2n - 3_600_000n).toBe(true);
          expect(BigInt(cents) * 3_600_000n * 2n < exact * 2n + 3_600_000n).toBe(true);
        },
      ),
    );
  });
});
