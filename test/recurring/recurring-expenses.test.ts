import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectTotalsConsistent,
  newProject,
  newUser,
  projectVia,
  type TestUser,
} from '../activities/helpers';
import { call } from '../api';
import { bookedDays, expectTaxMonthsExact, stored } from './helpers';

/**
 * Recurring expenses through the API on DynamoDB Local (CONTRACT §9 "Recurring expenses"): bad
 * input is a 400 naming the field with nothing stored, another user's rule or project a 404, a
 * back-dated rule books its due dates up to today at once (the month's last day where the month is
 * shorter, never past the end date), an edit books what it newly makes due and nothing twice, and
 * deleting a rule keeps what it booked. Totals, rollups and tax months stay exact throughout.
 */

let owner: TestUser;
let projectId: string;

beforeAll(async () => {
  owner = await newUser({ premium: true });
  projectId = await newProject(owner, 'Studio 🎨');
});

const create = (user: TestUser, body: Record<string, unknown>) =>
  call('POST', '/api/recurringexpenses', { token: user.token, body });

const valid = () => ({
  projectId,
  activity: 'Design tools',
  amount: 59.9,
  vatAmount: 11.38,
  category: 'software',
  interval: 'monthly',
  startDate: '2030-01-15',
});

const pad = (n: number) => String(n).padStart(2, '0');
const utcDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

describe('refusing bad input', () => {
  it.each([
    ['no project', { projectId: undefined }, 400, 'FIELD_REQUIRED', 'projectId'],
    ['no task', { activity: '   ' }, 400, 'FIELD_REQUIRED', 'activity'],
    ['an amount with three decimals', { amount: 1.005 }, 400, 'INVALID_AMOUNT', 'amount'],
    ['a negative amount', { amount: -5 }, 400, 'INVALID_AMOUNT', 'amount'],
    ['an amount as text', { amount: '12.50' }, 400, 'INVALID_AMOUNT', 'amount'],
    ['negative VAT', { vatAmount: -0.01 }, 400, 'INVALID_VAT_AMOUNT', 'vatAmount'],
    ['an unknown category', { category: 'Reisen' }, 400, 'NOT_ONE_OF', 'category'],
    ['a weekly interval', { interval: 'weekly' }, 400, 'NOT_ONE_OF', 'interval'],
    ['no start date', { startDate: undefined }, 400, 'DAY_REQUIRED', 'startDate'],
    ['30 February', { startDate: '2026-02-30' }, 400, 'INVALID_DAY', 'startDate'],
    ['a timestamp as start', { startDate: '2026-02-01T00:00:00Z' }, 400, 'INVALID_DAY', 'startDate'],
    ['an end before the start', { endDate: '2030-01-14' }, 400, 'END_BEFORE_START_DATE', 'endDate'],
    ['a malformed project id', { projectId: 'not-an-id' }, 404, 'PROJECT_NOT_FOUND', null],
  ])('answers %s with a clear error and stores nothing', async (_label, change, status, code, param) => {
    const res = await create(owner, { ...valid(), ...change });
    expect(res.status).toBe(status);
    expect(res.body.errors[0]).toMatchObject({ code, ...(param ? { param } : {}) });
    expect(res.body.errors[0].msg).toEqual(expect.any(String));
    expect((await stored(owner.userId)).rules).toEqual([]);
  });

  it('answers an edit with an end before the start 400 and leaves the rule as it was', async () => {
    const made = await create(owner, valid());
    expect(made.status).toBe(201);
    const res = await call('PUT', `/api/recurringexpenses/${made.body._id}`, {
      token: owner.token,
      body: { endDate: '2029-12-31' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'END_BEFORE_START_DATE', param: 'endDate' });
    const list = await call('GET', '/api/recurringexpenses', { token: owner.token });
    expect(list.body.find((r: { _id: string }) => r._id === made.body._id)).toEqual(made.body);
    await call('DELETE', `/api/recurringexpenses/${made.body._id}`, { token: owner.token });
  });
});

describe('another user', () => {
  it('cannot book into my project, nor see, change or delete my rules', async () => {
    const stranger = await newUser({ premium: true });
    const res = await create(stranger, valid());
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('PROJECT_NOT_FOUND');

    const mine = await create(owner, { ...valid(), activity: 'Mine' });
    const id = mine.body._id as string;
    expect((await call('GET', '/api/recurringexpenses', { token: stranger.token })).body).toEqual([]);
    const put = await call('PUT', `/api/recurringexpenses/${id}`, {
      token: stranger.token,
      body: { amount: 1 },
    });
    expect(put.status).toBe(404);
    expect(put.body.errors[0].code).toBe('RECURRING_EXPENSE_NOT_FOUND');
    const del = await call('DELETE', `/api/recurringexpenses/${id}`, { token: stranger.token });
    expect(del.status).toBe(404);
    const malformed = await call('DELETE', '/api/recurringexpenses/x%23RECURRING', { token: owner.token });
    expect(malformed.status).toBe(404);
    const strangersProject = await newProject(stranger, 'Theirs');
    const move = await call('PUT', `/api/recurringexpenses/${id}`, {
      token: owner.token,
      body: { projectId: strangersProject },
    });
    expect(move.status).toBe(404);
    expect(move.body.errors[0].code).toBe('PROJECT_NOT_FOUND');
    const list = await call('GET', '/api/recurringexpenses', { token: owner.token });
    expect(list.body.find((r: { _id: string }) => r._id === id)).toMatchObject({ amount: 59.9, projectId });
    await call('DELETE', `/api/recurringexpenses/${id}`, { token: owner.token });
  });
});

describe('booking on create', () => {
  it('books a rule started three months back at once: one expense per month up to today, exact to the cent', async () => {
    const user = await newUser({ premium: true });
    const project = await newProject(user, 'Back office');
    const now = new Date();
    const days = [3, 2, 1, 0].map((back) =>
      utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))),
    );
    const res = await create(user, {
      ...valid(),
      projectId: project,
      activity: 'Hosting ☁️',
      amount: 19.99,
      vatAmount: 3.8,
      startDate: days[0],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      amount: 19.99,
      vatAmount: 3.8,
      category: 'software',
      interval: 'monthly',
    });
    expect(res.body.nextDue > utcDay(now)).toBe(true);

    const { expenses, items } = await stored(user.userId);
    expect(Object.fromEntries(bookedDays(expenses, 'Hosting ☁️'))).toEqual(
      Object.fromEntries(days.map((d) => [d, 1])),
    );
    const listed = await call('GET', `/api/financeactivities/${project}`, { token: user.token });
    expect(listed.body).toHaveLength(4);
    for (const e of listed.body) {
      expect(e).toMatchObject({
        activity: 'Hosting ☁️',
        amount: 19.99,
        vatAmount: 3.8,
        expense: true,
        category: 'software',
      });
    }
    expect((await projectVia(user, project))?.totalExpenses).toBe(79.96);
    await expectTotalsConsistent(user.userId);
    expectTaxMonthsExact(items);
  });

  it.each([
    [
      'monthly from 31 January: the last day of shorter months, never past the end',
      { interval: 'monthly', startDate: '2024-01-31', endDate: '2024-05-15' },
      ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30'],
    ],
    [
      'yearly from 29 February',
      { interval: 'yearly', startDate: '2020-02-29', endDate: '2024-02-28' },
      ['2020-02-29', '2021-02-28', '2022-02-28', '2023-02-28'],
    ],
    [
      'quarterly from 30 November, the end date itself included',
      { interval: 'quarterly', startDate: '2025-11-30', endDate: '2026-08-30' },
      ['2025-11-30', '2026-02-28', '2026-05-30', '2026-08-30'],
    ],
  ])('books %s', async (_label, schedule, want) => {
    const user = await newUser({ premium: true });
    const project = await newProject(user);
    const res = await create(user, { ...valid(), projectId: project, activity: 'Rent', ...schedule });
    expect(res.status).toBe(201);
    expect(res.body.nextDue).toBeNull();
    const { expenses, items } = await stored(user.userId);
    expect([...bookedDays(expenses, 'Rent')]).toEqual(want.map((d) => [d, 1]));
    await expectTotalsConsistent(user.userId);
    expectTaxMonthsExact(items);
  });

  it('books nothing for a rule that starts in the future, and answers its first due date', async () => {
    const user = await newUser();
    const project = await newProject(user);
    const res = await create(user, { ...valid(), projectId: project, startDate: '2031-03-31' });
    expect(res.status).toBe(201);
    expect(res.body.nextDue).toBe('2031-03-31');
    expect((await stored(user.userId)).expenses).toEqual([]);
  });

  it('stores a repeated create with the same _id once', async () => {
    const user = await newUser({ premium: true });
    const project = await newProject(user);
    const body = {
      ...valid(),
      projectId: project,
      _id: '01JDR8X3Y5Z6A7B8C9D0E1F2G3',
      startDate: '2024-01-10',
      endDate: '2024-03-10',
    };
    const [a, b] = await Promise.all([create(user, body), create(user, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const { rules, expenses } = await stored(user.userId);
    expect(rules).toHaveLength(1);
    expect(expenses).toHaveLength(3);
    await expectTotalsConsistent(user.userId);
  });
});

describe('editing and deleting', () => {
  it('books what an earlier start makes due, never a date twice, and keeps the booked expenses after deletion', async () => {
    const user = await newUser({ premium: true });
    const project = await newProject(user);
    const made = await create(user, {
      ...valid(),
      projectId: project,
      activity: 'Insurance',
      amount: 100,
      vatAmount: 0,
      category: 'insurance',
      startDate: '2024-04-05',
      endDate: '2024-06-30',
    });
    const id = made.body._id as string;
    expect([...bookedDays((await stored(user.userId)).expenses, 'Insurance').keys()]).toEqual([
      '2024-04-05',
      '2024-05-05',
      '2024-06-05',
    ]);

    const edited = await call('PUT', `/api/recurringexpenses/${id}`, {
      token: user.token,
      body: { startDate: '2024-02-05', amount: 120.5 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ amount: 120.5, startDate: '2024-02-05', nextDue: null });
    const after = await stored(user.userId);
    const byDay = Object.fromEntries(
      after.expenses.filter((e) => e.activity === 'Insurance').map((e) => [e.day, e.amountCents]),
    );
    // The new dates at the new amount; the dates booked before stay as booked.
    expect(byDay).toEqual({
      '2024-02-05': 12050,
      '2024-03-05': 12050,
      '2024-04-05': 10000,
      '2024-05-05': 10000,
      '2024-06-05': 10000,
    });
    await expectTotalsConsistent(user.userId);
    expectTaxMonthsExact(after.items);

    const del = await call('DELETE', `/api/recurringexpenses/${id}`, { token: user.token });
    expect(del.status).toBe(200);
    expect((await call('GET', '/api/recurringexpenses', { token: user.token })).body).toEqual([]);
    const gone = await stored(user.userId);
    expect(gone.rules).toEqual([]);
    expect(gone.expenses).toHaveLength(5);
    await expectTotalsConsistent(user.userId);
    expect((await call('DELETE', `/api/recurringexpenses/${id}`, { token: user.token })).status).toBe(404);
  });

  it('goes with its project, uncounted', async () => {
    const user = await newUser();
    const project = await newProject(user);
    await create(user, { ...valid(), projectId: project, startDate: '2031-01-01' });
    expect((await stored(user.userId)).rules).toHaveLength(1);
    expect((await call('DELETE', `/api/projects/${project}`, { token: user.token })).status).toBe(200);
    expect((await stored(user.userId)).rules).toEqual([]);
    await expectTotalsConsistent(user.userId);
  });
});

describe('free accounts', () => {
  it('count the rule and what it books toward the items, refusing one that would pass the limit with nothing stored', async () => {
    const user = await newUser();
    const project = await newProject(user);
    // 125 items: a monthly rule from January 2016 books more than 120 expenses by now.
    const res = await create(user, { ...valid(), projectId: project, startDate: '2016-01-01' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('FREE_ITEM_LIMIT');
    const none = await stored(user.userId);
    expect(none.rules).toEqual([]);
    expect(none.expenses).toEqual([]);

    const ok = await create(user, {
      ...valid(),
      projectId: project,
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    });
    expect(ok.status).toBe(201);
    await expectTotalsConsistent(user.userId);
    const counters = (await stored(user.userId)).items.find((i) => i.SK === 'COUNTERS');
    expect(counters?.activityCount).toBe(13);
  });
});

describe('the account export', () => {
  it('includes the rules', async () => {
    const user = await newUser();
    const project = await newProject(user);
    const made = await create(user, {
      ...valid(),
      projectId: project,
      activity: 'Zeitschrift 📰',
      startDate: '2031-06-30',
    });
    const res = await call('GET', '/api/exportuserdata', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.recurringExpenses).toEqual([made.body]);
  });
});
