import { describe, expect, it } from 'vitest';
import { call } from '../api';
import { expectTotalsConsistent, newProject, newUser, projectVia } from './helpers';

describe('concurrent writes on one project', () => {
  it('gives the exact totals after 50 entries are saved at the same moment', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const durations = Array.from({ length: 25 }, (_, i) => 60_000 * (i + 1) + i);
    const amounts = Array.from({ length: 25 }, (_, i) =>
      Number(`${i}.${String(i * 3 + 1).padStart(2, '0')}`),
    );

    const answers = await Promise.all([
      ...durations.map((duration) =>
        call('POST', '/api/timeactivities', {
          token: user.token,
          body: { projectId, duration, date: '2026-05-01' },
        }),
      ),
      ...amounts.map((amount, i) =>
        call('POST', '/api/financeactivities', {
          token: user.token,
          body: { projectId, amount, expense: i % 2 === 1, date: '2026-05-01' },
        }),
      ),
    ]);

    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const cents = amounts.map((a) => Math.round(a * 100));
    const income = cents.filter((_, i) => i % 2 === 0).reduce((s, c) => s + c, 0);
    const expenses = cents.filter((_, i) => i % 2 === 1).reduce((s, c) => s + c, 0);
    expect(await projectVia(user, projectId)).toMatchObject({
      totalHours: durations.reduce((s, d) => s + d, 0),
      totalIncome: income / 100,
      totalExpenses: expenses / 100,
    });
    await expectTotalsConsistent(user.userId);
    // DynamoDB Local runs transactions one at a time: 50 of them take seconds on a busy machine.
  }, 90_000);

  it('applies each of many concurrent edits of one entry exactly once (no lost or doubled update)', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const other = await newProject(user, 'Other');
    const created = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: 1000 },
    });

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('PUT', `/api/timeActivities/${created.body._id}`, {
          token: user.token,
          body: {
            duration: 10_000 * (i + 1),
            projectId: i % 2 ? projectId : other,
            date: `2026-06-${10 + i}`,
          },
        }),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const { times } = await expectTotalsConsistent(user.userId);
    const [entry] = times;
    const totals = [
      (await projectVia(user, projectId))?.totalHours,
      (await projectVia(user, other))?.totalHours,
    ];
    expect(totals.reduce((s, t) => s + t, 0)).toBe(entry?.duration);
  }, 90_000);

  it('keeps totals right when an entry is edited and deleted at the same time', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const entries = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/financeactivities', { token: user.token, body: { projectId, amount: 10 } }),
      ),
    );

    await Promise.all(
      entries.flatMap((e) => [
        call('PUT', `/api/financeActivities/${e.body._id}`, { token: user.token, body: { amount: 25.25 } }),
        call('DELETE', `/api/financeActivities/${e.body._id}`, { token: user.token }),
      ]),
    );

    const { fins } = await expectTotalsConsistent(user.userId);
    expect(fins).toHaveLength(0);
    expect((await projectVia(user, projectId))?.totalIncome).toBe(0);
  });

  it('leaves nothing behind when a project is deleted while entries are being saved into it', async () => {
    const user = await newUser({ premium: true });
    const doomed = await newProject(user, 'Doomed');
    const kept = await newProject(user, 'Kept');
    await call('POST', '/api/timeactivities', { token: user.token, body: { projectId: kept, duration: 5 } });

    const writes = Array.from({ length: 20 }, (_, i) =>
      call('POST', i % 2 ? '/api/timeactivities' : '/api/financeactivities', {
        token: user.token,
        body: { projectId: doomed, duration: 1000, amount: 1.5, activity: `T${i % 4}` },
      }),
    );
    const removal = call('DELETE', `/api/projects/${doomed}`, { token: user.token });
    const answers = await Promise.all(writes);

    expect((await removal).status).toBe(200);
    // Each write either landed before the project went (and was removed with it) or found no project.
    for (const a of answers) expect([201, 404]).toContain(a.status);
    const { times, fins } = await expectTotalsConsistent(user.userId);
    expect(times.map((t) => t.projectId)).toEqual([kept]);
    expect(fins).toEqual([]);
  }, 90_000);
});
