import { describe, expect, it } from 'vitest';
import { newProject, newUser, partition, projectVia, type TestUser } from '../activities/helpers';
import { call } from '../api';

const H = 3_600_000;
const MIN = 60_000;
const today = () => new Date().toISOString().slice(0, 10);
/** A day of the month before this one (UTC). */
const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 10);
};

async function createProject(user: TestUser, body: Record<string, unknown>) {
  const res = await call('POST', '/api/projects', { token: user.token, body: { name: 'Budgeted', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string } & Record<string, any>;
}

const track = (user: TestUser, projectId: string, duration: number, date = today()) =>
  call('POST', '/api/timeactivities', { token: user.token, body: { projectId, duration, date } });

const book = (user: TestUser, projectId: string, amount: number, expense = false) =>
  call('POST', '/api/financeactivities', {
    token: user.token,
    body: { projectId, amount, expense, date: today() },
  });

describe('project budgets (budget, budgetUsed, budgetPercent)', () => {
  it('answers no budget, no target and no rate floor on a project without them', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    expect(await projectVia(user, projectId)).toMatchObject({
      budget: null,
      targetHourlyRate: null,
      budgetUsed: null,
      budgetPercent: null,
      rateFloor: { earnedPerHour: null, hoursLeft: null },
    });
  });

  it('counts an hours budget over the whole project in hours, exact to the millisecond', async () => {
    const user = await newUser();
    const project = await createProject(user, { budget: { kind: 'hours', amount: 12.5, period: 'total' } });
    expect(project).toMatchObject({
      budget: { kind: 'hours', amount: 12.5, period: 'total' },
      budgetUsed: 0,
      budgetPercent: 0,
    });

    await track(user, project._id, 8 * H, lastMonth());
    await track(user, project._id, 2 * H + 1);

    const p = await projectVia(user, project._id);
    // 10 h and 1 ms of 12.5 h: 80.000002 %, shown as 80.
    expect(p?.budgetUsed).toBe((10 * H + 1) / H);
    expect(p?.budgetPercent).toBe(80);
  });

  it('rounds the percent down, so a budget is at 100 % only once it is used up', async () => {
    const user = await newUser();
    const project = await createProject(user, { budget: { kind: 'hours', amount: 1, period: 'total' } });

    await track(user, project._id, H - 1);
    expect((await projectVia(user, project._id))?.budgetPercent).toBe(99);
    await track(user, project._id, 1);
    expect((await projectVia(user, project._id))?.budgetPercent).toBe(100);
    await track(user, project._id, H / 2);
    expect((await projectVia(user, project._id))?.budgetPercent).toBe(150);
  });

  it('counts a monthly money budget as this calendar month’s hours × the hourly rate, to the cent', async () => {
    const user = await newUser();
    const project = await createProject(user, {
      hourlyRate: 33.33,
      budget: { kind: 'money', amount: 1000, period: 'monthly' },
    });

    await track(user, project._id, 100 * H, lastMonth());
    await track(user, project._id, H + 7 * MIN + 13_000);

    const p = await projectVia(user, project._id);
    // 1:07:13 at 33.33 is 37.33886 → 37.34; last month's 100 hours do not count.
    expect(p).toMatchObject({ budgetUsed: 37.34, budgetPercent: 3, totalHours: 101 * H + 7 * MIN + 13_000 });
  });

  it('measures nothing against a money budget while the project has no hourly rate', async () => {
    const user = await newUser();
    const project = await createProject(user, { budget: { kind: 'money', amount: 500, period: 'total' } });
    await track(user, project._id, 3 * H);

    expect(await projectVia(user, project._id)).toMatchObject({ budgetUsed: 0, budgetPercent: 0 });
  });

  it('sets, changes and removes a budget and a target on update, leaving the other fields', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    const set = await call('PUT', `/api/projects/${projectId}`, {
      token: user.token,
      body: { budget: { kind: 'money', amount: 2500.5, period: 'monthly' }, targetHourlyRate: 60 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      name: 'Client work',
      budget: { kind: 'money', amount: 2500.5, period: 'monthly' },
      targetHourlyRate: 60,
    });

    const cleared = await call('PUT', `/api/projects/${projectId}`, {
      token: user.token,
      body: { budget: null, targetHourlyRate: null },
    });
    expect(cleared.body).toMatchObject({ budget: null, targetHourlyRate: null, budgetUsed: null });
    const item = (await partition(user.userId)).find((i) => i.SK === `PROJECT#${projectId}`);
    expect(item).not.toHaveProperty('budgetKind');
    expect(item).not.toHaveProperty('targetRateCents');
  });

  it('refuses a bad budget or target with 400 naming the field, and stores nothing', async () => {
    const user = await newUser();
    const project = await createProject(user, {
      budget: { kind: 'hours', amount: 40, period: 'total' },
      targetHourlyRate: 50,
    });
    const bad: [unknown, string][] = [
      [{ budget: { kind: 'hours', amount: -1, period: 'total' } }, 'budget.amount'],
      [{ budget: { kind: 'hours', amount: '40', period: 'total' } }, 'budget.amount'],
      [{ budget: { kind: 'hours', amount: 0, period: 'total' } }, 'budget.amount'],
      [{ budget: { kind: 'hours', amount: 1.005, period: 'total' } }, 'budget.amount'],
      [{ budget: { kind: 'days', amount: 5, period: 'total' } }, 'budget.kind'],
      [{ budget: { kind: 'money', amount: 5, period: 'weekly' } }, 'budget.period'],
      [{ budget: { kind: 'money', amount: 5 } }, 'budget.period'],
      [{ budget: 40 }, 'budget'],
      [{ targetHourlyRate: -60 }, 'targetHourlyRate'],
      [{ targetHourlyRate: 'sixty' }, 'targetHourlyRate'],
      [{ targetHourlyRate: 1e12 }, 'targetHourlyRate'],
    ];
    for (const [body, param] of bad) {
      const update = await call('PUT', `/api/projects/${project._id}`, { token: user.token, body });
      expect(update.status, JSON.stringify(body)).toBe(400);
      expect(update.body.errors[0]).toMatchObject({
        param,
        msg: expect.any(String),
        code: expect.any(String),
      });
      const create = await call('POST', '/api/projects', {
        token: user.token,
        body: { name: 'x', ...(body as object) },
      });
      expect(create.status, JSON.stringify(body)).toBe(400);
    }
    const [kind] = (
      await call('PUT', `/api/projects/${project._id}`, {
        token: user.token,
        body: { budget: { kind: 'days', amount: 5, period: 'total' } },
      })
    ).body.errors;
    expect(kind).toEqual({
      msg: 'Budget kind must be one of hours, money',
      code: 'NOT_ONE_OF',
      param: 'budget.kind',
      values: { field: 'budgetKind', options: 'hours, money' },
    });
    expect(await projectVia(user, project._id)).toMatchObject({
      budget: { kind: 'hours', amount: 40, period: 'total' },
      targetHourlyRate: 50,
    });
    expect((await call('GET', '/api/projects', { token: user.token })).body).toHaveLength(1);
  });
});

describe('the rate floor (rateFloor.earnedPerHour, rateFloor.hoursLeft)', () => {
  it('answers what each hour earned and the hours left before the target is missed', async () => {
    const user = await newUser();
    const project = await createProject(user, { targetHourlyRate: 60 });
    await book(user, project._id, 1000);
    await book(user, project._id, 100, true);
    await track(user, project._id, 12 * H);

    // 900 ÷ 12 h = 75 an hour; 900 ÷ 60 = 15 h in all, 12 spent: 3 left.
    expect((await projectVia(user, project._id))?.rateFloor).toEqual({ earnedPerHour: 75, hoursLeft: 3 });
  });

  it('keeps money to the cent and hours to the millisecond', async () => {
    const user = await newUser();
    const project = await createProject(user, { targetHourlyRate: 45 });
    await book(user, project._id, 100.01);
    await track(user, project._id, 3 * H);

    const { rateFloor } = (await projectVia(user, project._id)) ?? {};
    // 100.01 ÷ 3 = 33.3366… → 33.34. 100.01 ÷ 45 h = 2.222444… h = 8,000,800 ms, minus 10,800,000: none left.
    expect(rateFloor).toEqual({ earnedPerHour: 33.34, hoursLeft: 0 });

    await book(user, project._id, 100);
    // 200.01 ÷ 45 h = 16,000,800 ms; 16,000,800 − 10,800,000 = 5,200,800 ms.
    expect((await projectVia(user, project._id))?.rateFloor).toEqual({
      earnedPerHour: 66.67,
      hoursLeft: 5_200_800 / H,
    });
  });

  it('answers no earned rate before any hour is tracked, and all affordable hours as left', async () => {
    const user = await newUser();
    const project = await createProject(user, { targetHourlyRate: 80 });
    await book(user, project._id, 1000);

    expect((await projectVia(user, project._id))?.rateFloor).toEqual({
      earnedPerHour: null,
      hoursLeft: 12.5,
    });
  });

  it('answers a loss per hour and no hours left when expenses are larger than income', async () => {
    const user = await newUser();
    const project = await createProject(user, { targetHourlyRate: 80 });
    await book(user, project._id, 50, true);
    await track(user, project._id, 2 * H);

    expect((await projectVia(user, project._id))?.rateFloor).toEqual({ earnedPerHour: -25, hoursLeft: 0 });
  });

  it("never shows another user's project, and 404 on editing its budget", async () => {
    const owner = await newUser();
    const other = await newUser();
    const projectId = await newProject(owner);

    const res = await call('PUT', `/api/projects/${projectId}`, {
      token: other.token,
      body: { budget: { kind: 'hours', amount: 1, period: 'total' } },
    });

    expect(res.status).toBe(404);
    expect((await projectVia(owner, projectId))?.budget).toBeNull();
  });
});
