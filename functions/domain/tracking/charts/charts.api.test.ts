import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api';
import { ddb, TABLE } from '../../../data/core/client';
import { userKey } from '../../../data/identity/users';
import { signToken } from '../../../lib/jwt';
import { colourAt } from './palette';

const H = 3_600_000;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const MARCH = { startdate: '2026-03-01', enddate: '2026-03-31' };

interface TestUser {
  id: string;
  token: string;
}

async function makeUser(fields: Record<string, unknown> = {}): Promise<TestUser> {
  const id = ulid();
  await ddb.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        ...userKey(id),
        userId: id,
        name: 'Ada',
        email: `${id}@example.com`,
        passwordHash: 'x',
        tokenVersion: 0,
        currency: 'EUR',
        numberFormat: 'en-US',
        premium: true,
        createdAt: new Date().toISOString(),
        ...fields,
      },
    }),
  );
  return { id, token: await signToken({ sub: id, ver: 0 }) };
}

async function makeProject(user: TestUser, name: string, enableEmbedding = false): Promise<string> {
  const res = await call('POST', '/api/projects', { token: user.token, body: { name, enableEmbedding } });
  expect(res.status).toBe(201);
  return res.body._id;
}

async function track(
  user: TestUser,
  projectId: string,
  day: string,
  ms: number,
  activity = 'Design',
  description = 'Logo',
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await call('POST', '/api/timeactivities', {
    token: user.token,
    body: { projectId, date: `${day}T00:00:00.000Z`, duration: ms, activity, description, ...extra },
  });
  expect(res.status).toBe(201);
  return res.body._id;
}

async function money(user: TestUser, projectId: string, day: string, amount: number, expense: boolean) {
  const res = await call('POST', '/api/financeactivities', {
    token: user.token,
    body: {
      projectId,
      date: `${day}T00:00:00.000Z`,
      amount,
      expense,
      activity: expense ? 'Software' : 'Invoice',
    },
  });
  expect(res.status).toBe(201);
}

const get = (path: string, user: TestUser, query: Record<string, string> = {}) =>
  call('GET', path, { token: user.token, query });

describe('charts and grids over one project', () => {
  let ada: TestUser;
  let website: string;
  let app: string;
  let empty: string;

  beforeAll(async () => {
    ada = await makeUser({ currency: 'CHF' });
    website = await makeProject(ada, 'Website');
    app = await makeProject(ada, 'App');
    empty = await makeProject(ada, 'Empty');
    // March 2026, first and last day included, with neighbours outside the range.
    await track(ada, website, '2026-02-28', 5 * H);
    await track(ada, website, '2026-03-01', 1 * H, 'Design', 'Logo');
    await track(ada, website, '2026-03-15', 0, 'Development', 'Frontend', {
      // Crosses midnight: counted on its date's day, 15 March, in full.
      startTime: '2026-03-15T23:00:00.000Z',
      endTime: '2026-03-16T01:00:00.000Z',
    });
    await track(ada, website, '2026-03-31', 30 * 60_000, 'Design', 'Icons');
    await track(ada, website, '2026-04-01', 3 * H);
    await track(ada, app, '2026-03-10', 4 * H, 'Development', 'iOS');
    await money(ada, website, '2026-03-01', 100.1, false);
    await money(ada, website, '2026-03-31', 20.05, true);
    await money(ada, website, '2026-04-01', 999, false);
  });

  it('time tracked: one point per day of a month range, summing to the hours tracked in it', async () => {
    const res = await get('/api/projecttimetrackedchart', ada, { ...MARCH, projectid: website });

    expect(res.status).toBe(200);
    expect(res.body.labels).toHaveLength(31);
    expect(res.body.labels[0]).toBe('2026-03-01');
    expect(res.body.labels[30]).toBe('2026-03-31');
    const data: number[] = res.body.datasets[0].data;
    expect(data[0]).toBe(1);
    expect(data[14]).toBe(2); // the midnight-crossing entry, all on 15 March
    expect(data[15]).toBe(0);
    expect(data[30]).toBe(0.5);
    expect(sum(data)).toBe(3.5);
    expect(res.body.datasets[0]).toMatchObject({
      label: 'Time tracked (hours)',
      borderWidth: 2,
      borderColor: colourAt(0).solid,
    });
  });

  it('time tracked without projectid covers all of the user’s projects', async () => {
    const res = await get('/api/projecttimetrackedchart', ada, MARCH);
    expect(sum(res.body.datasets[0].data)).toBe(7.5);
  });

  it('profit/loss: income minus expenses per day, in the user’s currency, exact to the cent', async () => {
    const res = await get('/api/projectprofitlosschart', ada, { ...MARCH, projectid: website });

    expect(res.status).toBe(200);
    expect(res.body.datasets[0].label).toBe('Profit/loss (CHF)');
    const data: number[] = res.body.datasets[0].data;
    expect(data[0]).toBe(100.1);
    expect(data[30]).toBe(-20.05);
    expect(Math.round(sum(data) * 100)).toBe(8005);
  });

  it('profit/loss per hour: the running profit over the running hours', async () => {
    const res = await get('/api/projectprofitlossperhourchart', ada, { ...MARCH, projectid: website });

    expect(res.body.datasets[0].label).toBe('Profit/loss per hour (CHF/h)');
    const data: number[] = res.body.datasets[0].data;
    expect(data[0]).toBe(100.1); // 100.10 over 1 h
    expect(data[14]).toBe(33.37); // 100.10 over 3 h
    expect(data[30]).toBe(22.87); // 80.05 over 3.5 h
  });

  it('time per task and both grids add up to the same total as the time chart', async () => {
    const query = { ...MARCH, projectid: website };
    const pie = await get('/api/projecttimepertaskchart', ada, query);
    const tasks = await get('/api/projecttimepertaskgrid', ada, query);
    const subtasks = await get('/api/projecttimepersubtaskgrid', ada, query);

    expect(pie.body.labels).toEqual(['Development', 'Design']);
    expect(pie.body.datasets[0].data).toEqual([2, 1.5]);
    expect(tasks.body).toEqual([
      { activity: 'Development', totalHours: 2 * H },
      { activity: 'Design', totalHours: 1.5 * H },
    ]);
    expect(subtasks.body).toEqual([
      { activity: 'Development', description: 'Frontend', totalHours: 2 * H },
      { activity: 'Design', description: 'Logo', totalHours: 1 * H },
      { activity: 'Design', description: 'Icons', totalHours: 30 * 60_000 },
    ]);
    expect(sum(subtasks.body.map((r: { totalHours: number }) => r.totalHours))).toBe(3.5 * H);
  });

  it('single-day range: first and last day are the same, inclusive', async () => {
    const res = await get('/api/projecttimepertaskgrid', ada, {
      startdate: '2026-03-31',
      enddate: '2026-03-31',
      projectid: website,
    });
    expect(res.body).toEqual([{ activity: 'Design', totalHours: 30 * 60_000 }]);
  });

  it('follows edits and deletes of activities', async () => {
    const id = await track(ada, app, '2026-03-20', 2 * H, 'Testing', 'Beta');
    const before = await get('/api/projecttimetrackedchart', ada, { ...MARCH, projectid: app });
    expect(sum(before.body.datasets[0].data)).toBe(6);

    await call('PUT', `/api/timeActivities/${id}`, {
      token: ada.token,
      body: { date: '2026-05-01T00:00:00.000Z' },
    });
    const moved = await get('/api/projecttimetrackedchart', ada, { ...MARCH, projectid: app });
    expect(sum(moved.body.datasets[0].data)).toBe(4);

    await call('DELETE', `/api/timeActivities/${id}`, { token: ada.token });
    const grid = await get('/api/projecttimepertaskgrid', ada, {
      startdate: '2026-05-01',
      enddate: '2026-05-01',
    });
    expect(grid.body).toEqual([]);
  });

  it('answers zeros and empty lists for a project with no data', async () => {
    const query = { ...MARCH, projectid: empty };
    const line = await get('/api/projecttimetrackedchart', ada, query);
    expect(line.body.labels).toHaveLength(31);
    expect(line.body.datasets[0].data.every((v: number) => v === 0)).toBe(true);
    expect((await get('/api/projectprofitlossperhourchart', ada, query)).body.datasets[0].data[30]).toBe(0);
    expect((await get('/api/projecttimepertaskchart', ada, query)).body.labels).toEqual([]);
    expect((await get('/api/projecttimepertaskgrid', ada, query)).body).toEqual([]);
    expect((await get('/api/projecttimepersubtaskgrid', ada, query)).body).toEqual([]);
    expect(
      (await get('/api/projecttotaltimetrackedchart', ada, { projectid: empty })).body.datasets[0].data,
    ).toEqual([0]);
  });

  it('total time and time per project read all-time project totals', async () => {
    const bar = await get('/api/projecttotaltimetrackedchart', ada);
    expect(bar.body.labels).toEqual(['App', 'Empty', 'Website']);
    expect(bar.body.datasets[0].data).toEqual([4, 0, 11.5]);
    const pie = await get('/api/projecttimeperprojectchart', ada);
    expect(pie.body.datasets[0].data).toEqual([4, 0, 11.5]);
    const one = await get('/api/projecttotaltimetrackedchart', ada, { projectid: website });
    expect(one.body).toMatchObject({ labels: ['Website'], datasets: [{ data: [11.5] }] });
  });

  it('uses weeks for a quarter and months for a year, from the first day with data', async () => {
    const quarter = await get('/api/projecttimetrackedchart', ada, {
      startdate: '2026-02-01',
      enddate: '2026-06-30',
      projectid: website,
    });
    expect(quarter.body.labels[0]).toBe('2026-02-28'); // the first entry, a Saturday
    expect(quarter.body.labels[1]).toBe('2026-03-02'); // the first Monday
    expect(sum(quarter.body.datasets[0].data)).toBe(11.5);
    const year = await get('/api/projecttimetrackedchart', ada, {
      startdate: '2026-01-01',
      enddate: '2026-12-31',
      projectid: website,
    });
    expect(year.body.labels).toHaveLength(11);
    expect(year.body.labels[1]).toBe('2026-03');
    expect(year.body.datasets[0].data.slice(0, 3)).toEqual([5, 3.5, 3]);
  });

  it("starts the week buckets on the user's chosen week start", async () => {
    const sunday = await makeUser();
    const p = await makeProject(sunday, 'Weeks');
    await track(sunday, p, '2026-03-01', H); // a Sunday
    await track(sunday, p, '2026-04-30', H);
    const query = { startdate: '2026-03-01', enddate: '2026-05-31', projectid: p };
    expect((await get('/api/projecttimetrackedchart', sunday, query)).body.labels.slice(0, 2)).toEqual([
      '2026-03-01',
      '2026-03-02',
    ]);
    await call('POST', '/api/usersettings', { token: sunday.token, body: { weekStart: 'sunday' } });
    const weeks = (await get('/api/projecttimetrackedchart', sunday, query)).body;
    expect(weeks.labels.slice(0, 2)).toEqual(['2026-03-01', '2026-03-08']);
    expect(sum(weeks.datasets[0].data)).toBe(2);
  });

  it('profit/loss per hour without a range covers the whole project, from its first entry', async () => {
    const owner = await makeUser();
    const p = await makeProject(owner, 'Long');
    const today = new Date().toISOString().slice(0, 10);
    const longAgo = `${Number(today.slice(0, 4)) - 3}-01-15`;
    await track(owner, p, longAgo, 2 * H);
    await money(owner, p, longAgo, 100, false);
    await track(owner, p, today, 2 * H);
    const whole = (await get('/api/projectprofitlossperhourchart', owner, { projectid: p })).body;
    expect(whole.labels[0]).toBe(longAgo.slice(0, 7));
    expect(whole.datasets[0].data[0]).toBe(50);
    expect(whole.datasets[0].data.at(-1)).toBe(25);
    // Nothing tracked yet: the last 12 months, not a century of empty months.
    const none = await makeProject(owner, 'New');
    expect(
      (await get('/api/projectprofitlossperhourchart', owner, { projectid: none })).body.labels,
    ).toHaveLength(13);
  });

  it('defaults to the last 12 months up to today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const fresh = await makeUser();
    const p = await makeProject(fresh, 'Now');
    await track(fresh, p, today, 2 * H);
    await track(fresh, p, '2020-01-01', 9 * H);
    const res = await get('/api/projecttimetrackedchart', fresh, { projectid: p });
    // Only today's entry is in the range: the chart shows the week up to today, by day.
    expect(res.body.labels).toHaveLength(7);
    expect(res.body.labels.at(-1)).toBe(today);
    expect(sum(res.body.datasets[0].data)).toBe(2);
    await track(fresh, p, new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10), H);
    const longer = await get('/api/projecttimetrackedchart', fresh, { projectid: p });
    expect(longer.body.labels.length).toBeGreaterThanOrEqual(10);
    expect(longer.body.labels.length).toBeLessThanOrEqual(11);
    expect(sum(longer.body.datasets[0].data)).toBe(3);
  });

  it('answers another palette, still one colour per dataset, for a new colorseed', async () => {
    const plain = await get('/api/projecttimetrackedchart', ada, MARCH);
    const seeded = await get('/api/projecttimetrackedchart', ada, { ...MARCH, colorseed: '7' });
    expect(seeded.body.datasets[0].borderColor).not.toBe(plain.body.datasets[0].borderColor);
    expect(seeded.body.datasets[0].data).toEqual(plain.body.datasets[0].data);
  });
});

describe('chart access and input checks', () => {
  const CHART_PATHS = [
    '/api/projecttimetrackedchart',
    '/api/projectprofitlosschart',
    '/api/projecttimepertaskchart',
    '/api/projecttimepertaskgrid',
    '/api/projecttimepersubtaskgrid',
    '/api/projecttotaltimetrackedchart',
    '/api/projectprofitlossperhourchart',
    '/api/projecttimeperprojectchart',
  ];

  it('answers 404 for another user’s project and an unknown one on every chart and grid', async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const secret = await makeProject(owner, 'Secret');
    await track(owner, secret, '2026-03-02', H);
    for (const path of CHART_PATHS) {
      for (const projectid of [secret, 'no-such-project']) {
        const res = await get(path, stranger, { ...MARCH, projectid });
        expect(res.status, path).toBe(404);
        expect(res.body.errors[0].code).toBe('PROJECT_NOT_FOUND');
      }
    }
  });

  it('answers 401 without a token', async () => {
    for (const path of CHART_PATHS) expect((await call('GET', path)).status).toBe(401);
  });

  it('answers 400 for malformed dates and a start after the end', async () => {
    const user = await makeUser();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ startdate: '2026-02-30' }, 'startdate', 'startdate must be a date in the form yyyy-mm-dd'],
      [{ enddate: '03/12/2026' }, 'enddate', 'enddate must be a date in the form yyyy-mm-dd'],
      [
        { startdate: '2026-03-02', enddate: '2026-03-01' },
        'startdate',
        'startdate must not be after enddate',
      ],
      [{ colorseed: 'red' }, 'colorseed', 'colorseed must be a whole number'],
    ];
    for (const [query, param, msg] of cases) {
      const res = await get('/api/projecttimetrackedchart', user, query);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual(
        expect.objectContaining({ msg, param, code: expect.not.stringMatching(/^VALIDATION_ERROR$/) }),
      );
    }
  });
});

describe('GET /api/embed/{userId}/{projectId}/{chartType}/{chartKind}', () => {
  const embed = (userId: string, projectId: string, type = 'timetracked', kind = 'line', query = MARCH) =>
    call('GET', `/api/embed/${userId}/${projectId}/${type}/${kind}`, { query });

  it('answers the chart publicly with CORS and cache headers when user and project allow embedding', async () => {
    const user = await makeUser({ enableEmbedding: true, currency: 'GBP', numberFormat: 'en-GB' });
    const project = await makeProject(user, 'Public work', true);
    await track(user, project, '2026-03-03', 90 * 60_000, 'Writing', 'Draft');
    await money(user, project, '2026-03-04', 12.34, false);

    const res = await embed(user.id, project, 'timetracked', 'line');

    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toMatchObject({
      chartType: 'timetracked',
      chartKind: 'line',
      currency: 'GBP',
      numberFormat: 'en-GB',
      projectName: 'Public work',
      showPoweredBy: true,
    });
    expect(sum(res.body.datasets[0].data)).toBe(1.5);
    const profit = await embed(user.id, project, 'profitloss', 'bar');
    expect(profit.body.datasets[0].label).toBe('Profit/loss (GBP)');
    expect(sum(profit.body.datasets[0].data)).toBe(12.34);
    expect((await embed(user.id, project, 'timepertask', 'pie')).body.labels).toEqual(['Writing']);
    expect((await embed(user.id, project, 'totaltime', 'bar')).body.datasets[0].data).toEqual([1.5]);
    const perHour = (await embed(user.id, project, 'profitlossperhour', 'line')).body;
    expect(perHour.labels[0]).toBe('2026-03-03'); // from the first day with data
    expect(perHour.datasets[0].data.at(-1)).toBe(8.23);
  });

  it('answers the same 404 unless both the user’s and the project’s embedding are on', async () => {
    const off = await makeUser({ enableEmbedding: false });
    const offProject = await makeProject(off, 'Embeddable', true);
    const on = await makeUser({ enableEmbedding: true });
    const privateProject = await makeProject(on, 'Private', false);
    const publicProject = await makeProject(on, 'Public', true);
    const refusals = [
      embed(off.id, offProject), // user turned embedding off
      embed(on.id, privateProject), // project not embeddable
      embed('unknown-user', publicProject),
      embed(on.id, 'unknown-project'),
      embed(on.id, offProject), // another user's project under this user's id
      embed(on.id, publicProject, 'pizza', 'line'),
      embed(on.id, publicProject, 'timetracked', 'donut'),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: [{ msg: 'Chart not found', code: 'CHART_NOT_FOUND' }] });
      // Readable by the embedding site's script, and not cached: enabling embedding works at once.
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await embed(on.id, publicProject)).status).toBe(200);
  });

  it('shows "powered by" for free users whatever they set, and hides it only for premium users who turned it off', async () => {
    const cases: Array<[Record<string, unknown>, boolean]> = [
      [{ premium: false, showPoweredBy: false }, true],
      [{ premium: false, showPoweredBy: true }, true],
      [{ premium: true, showPoweredBy: true }, true],
      [{ premium: true, showPoweredBy: false }, false],
    ];
    for (const [fields, expected] of cases) {
      const user = await makeUser({ enableEmbedding: true, ...fields });
      const project = await makeProject(user, 'P', true);
      const res = await embed(user.id, project);
      expect(res.body.showPoweredBy, JSON.stringify(fields)).toBe(expected);
    }
  });

  it('answers 400 for a malformed date', async () => {
    const user = await makeUser({ enableEmbedding: true });
    const project = await makeProject(user, 'P', true);
    const res = await embed(user.id, project, 'timetracked', 'line', {
      startdate: '2026-13-01',
      enddate: '2026-12-31',
    });
    expect(res.status).toBe(400);
  });
});
