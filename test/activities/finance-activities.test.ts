import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { call } from '../api';
import { expectTotalsConsistent, newProject, newUser, partition, projectVia } from './helpers';

const post = (token: string, body: unknown) => call('POST', '/api/financeactivities', { token, body });

describe('POST /api/financeactivities', () => {
  it('adds income and expenses to the project exactly to the cent', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    // 0.1 + 0.2 in binary floating point is 0.30000000000000004; in cents it is 30.
    for (const amount of [0.1, 0.2, 19.99, 1234.56]) await post(user.token, { projectId, amount });
    await post(user.token, { projectId, amount: 0.07, expense: true });
    await post(user.token, { projectId, amount: 12.3, expense: true });

    const project = await projectVia(user, projectId);
    expect(project).toMatchObject({ totalIncome: 1254.85, totalExpenses: 12.37, profitLoss: 1242.48 });
    await expectTotalsConsistent(user.userId);
  });

  it('answers the entry with the defaults: amount 0, no VAT, income without category, empty notes, today', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    const res = await post(user.token, { projectId, activity: 'Invoice', description: 'March' });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      user: user.userId,
      projectId,
      activity: 'Invoice',
      description: 'March',
      date: `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`,
      amount: 0,
      expense: false,
      notes: '',
      vatAmount: 0,
      category: null,
      receipts: [],
    });
  });

  it.each([
    [{ amount: -5 }, 'amount'],
    [{ amount: 1.234 }, 'amount'],
    [{ amount: '12.50' }, 'amount'],
    [{ amount: 1e12 }, 'amount'],
    [{ expense: 'yes' }, 'expense'],
    [{ notes: 'n'.repeat(2001) }, 'notes'],
    [{ activity: 42 }, 'activity'],
    [{ date: 'next tuesday' }, 'date'],
    [{ date: '2026-02-30' }, 'date'],
  ])('refuses %j with a 400 naming the field and stores nothing', async (bad, param) => {
    const user = await newUser();
    const projectId = await newProject(user);
    const before = await partition(user.userId);

    const res = await post(user.token, { projectId, amount: 10, ...bad });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: expect.any(String), param, msg: expect.any(String) });
    expect(await partition(user.userId)).toEqual(before);
  });

  it('counts a repeated create with the same id once', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const body = { _id: ulid(), projectId, amount: 99.95 };

    await post(user.token, body);
    const again = await post(user.token, body);

    expect(again.status).toBe(200);
    expect((await projectVia(user, projectId))?.totalIncome).toBe(99.95);
    await expectTotalsConsistent(user.userId);
  });
});

describe('PUT /api/financeActivities/{id}', () => {
  it('turns an income into an expense with a new amount, moving it between the totals', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const created = await post(user.token, { projectId, amount: 100 });

    const res = await call('PUT', `/api/financeActivities/${created.body._id}`, {
      token: user.token,
      body: { ...created.body, amount: 40.5, expense: true, notes: 'Refund' },
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: 40.5, expense: true, notes: 'Refund' });
    expect(await projectVia(user, projectId)).toMatchObject({
      totalIncome: 0,
      totalExpenses: 40.5,
      profitLoss: -40.5,
    });
    await expectTotalsConsistent(user.userId);
  });

  it('moves an entry to another project of the user and adjusts both', async () => {
    const user = await newUser();
    const a = await newProject(user, 'A');
    const b = await newProject(user, 'B');
    const created = await post(user.token, { projectId: a, amount: 70, expense: true });

    await call('PUT', `/api/financeActivities/${created.body._id}`, {
      token: user.token,
      body: { projectId: b },
    });

    expect((await projectVia(user, a))?.totalExpenses).toBe(0);
    expect((await projectVia(user, b))?.totalExpenses).toBe(70);
    await expectTotalsConsistent(user.userId);
  });
});

describe('DELETE /api/financeActivities/{id}', () => {
  it('takes the amount out of the project', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const created = await post(user.token, { projectId, amount: 5.55 });
    await post(user.token, { projectId, amount: 1.01 });

    const res = await call('DELETE', `/api/financeActivities/${created.body._id}`, { token: user.token });

    expect(res.status).toBe(200);
    expect((await projectVia(user, projectId))?.totalIncome).toBe(1.01);
    await expectTotalsConsistent(user.userId);
  });
});

describe('GET /api/financeactivities/{projectId}', () => {
  it('lists the project’s entries newest first', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await post(user.token, { projectId, amount: 1, date: '2025-12-31' });
    await post(user.token, { projectId, amount: 2, date: '2026-01-15' });

    const res = await call('GET', `/api/financeactivities/${projectId}`, { token: user.token });

    expect(res.status).toBe(200);
    expect(res.body.map((f: { amount: number }) => f.amount)).toEqual([2, 1]);
  });
});
