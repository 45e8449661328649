import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { call } from '../api';
import { expectTotalsConsistent, newProject, newUser, partition } from './helpers';

describe('projects', () => {
  it('creates a project with zero totals and lists it', async () => {
    const user = await newUser();

    const res = await call('POST', '/api/projects', {
      token: user.token,
      body: { name: '  Website  ', description: 'For ACME', totalHours: 999 },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      userId: user.userId,
      name: 'Website',
      description: 'For ACME',
      enableEmbedding: false,
      totalHours: 0,
      totalIncome: 0,
      totalExpenses: 0,
      profitLoss: 0,
      hourlyRate: null,
      trackedValue: null,
      budget: null,
      targetHourlyRate: null,
      budgetUsed: null,
      budgetPercent: null,
      rateFloor: { earnedPerHour: null, hoursLeft: null },
      clientId: null,
      billableByDefault: true,
      createdAt: expect.any(String),
    });
    expect((await call('GET', '/api/projects', { token: user.token })).body).toEqual([res.body]);
  });

  it('answers a repeated create with the same client id with the stored project, counted once', async () => {
    const user = await newUser();
    const body = { _id: ulid(), name: 'Retry-safe' };

    const first = await call('POST', '/api/projects', { token: user.token, body });
    const again = await call('POST', '/api/projects', {
      token: user.token,
      body: { ...body, name: 'Changed' },
    });

    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const { projects } = await expectTotalsConsistent(user.userId);
    expect(projects).toHaveLength(1);
  });

  it('updates name, description and embedding but never the totals', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timeactivities', { token: user.token, body: { projectId, duration: 60_000 } });

    const res = await call('PUT', `/api/projects/${projectId}`, {
      token: user.token,
      body: { name: 'Renamed', description: null, enableEmbedding: true, totalHours: 0, totalIncome: 5 },
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      description: '',
      enableEmbedding: true,
      totalHours: 60_000,
      totalIncome: 0,
    });
    await expectTotalsConsistent(user.userId);
  });

  it.each([
    [{}, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 12 }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
    [
      { name: 'ok', description: 'd'.repeat(2 * 1024 * 1024) },
      'description',
      'Description must be at most 2000 characters',
    ],
    [{ name: 'ok', enableEmbedding: 'yes' }, 'enableEmbedding', 'enableEmbedding must be true or false'],
  ])('refuses %# with 400 and stores nothing', async (body, param, msg) => {
    const user = await newUser();

    const res = await call('POST', '/api/projects', { token: user.token, body });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual(
      expect.objectContaining({ msg, param, code: expect.not.stringMatching(/^VALIDATION_ERROR$/) }),
    );
    expect(await partition(user.userId)).toEqual([]);
  });

  it('deletes a project with its activities, rollups and suggestions and uncounts them', async () => {
    const user = await newUser();
    const keep = await newProject(user, 'Keep');
    const drop = await newProject(user, 'Drop');
    await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId: keep, duration: 1000, activity: 'Stay' },
    });
    // More entries than one removal transaction holds, to cover the paging.
    for (let i = 0; i < 30; i++) {
      await call('POST', '/api/timeactivities', {
        token: user.token,
        body: {
          projectId: drop,
          duration: 1000 + i,
          date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
          activity: `T${i % 3}`,
        },
      });
    }
    await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId: drop, amount: 3, activity: 'Pay' },
    });

    const res = await call('DELETE', `/api/projects/${drop}`, { token: user.token });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Project removed', _id: drop, removedActivities: 31 });
    const left = await partition(user.userId);
    expect(left.filter((i) => JSON.stringify(i).includes(drop))).toEqual([]);
    const { times } = await expectTotalsConsistent(user.userId);
    expect(times).toHaveLength(1);
    expect((await call('GET', `/api/timeactivities/${drop}`, { token: user.token })).status).toBe(404);
    expect((await call('DELETE', `/api/projects/${drop}`, { token: user.token })).status).toBe(404);
  });

  it('answers 404 for an unknown project id on update and delete', async () => {
    const user = await newUser();

    expect(
      (
        await call('PUT', '/api/projects/01J0000000000000000000000Z', {
          token: user.token,
          body: { name: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('DELETE', '/api/projects/01J0000000000000000000000Z', { token: user.token })).status,
    ).toBe(404);
    expect(await partition(user.userId)).toEqual([]);
  });
});
