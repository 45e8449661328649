import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Rounding, roundEntryMs } from '../../contract/rounding';
import { newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { runs } from '../runs';
import { openTagRollupStream } from '../stream';

const H = 3_600_000;
const M = 60_000;

interface Row {
  key: string | null;
  label: string;
  timeMs: number;
  billableMs: number;
  roundedBillableMs: number;
  billableAmount: number;
}

const report = async (user: TestUser, query: Record<string, string>) => {
  const res = await call('GET', '/api/reports', { token: user.token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { rows: Row[]; total: Omit<Row, 'key' | 'label'> };
};

describe('GET /api/reports', () => {
  let user: TestUser;
  let acmeClient: string;
  let acme: string;
  let own: string;
  let internal: string;

  beforeAll(async () => {
    user = await newUser({ premium: true });
    acmeClient = (await call('POST', '/api/clients', { token: user.token, body: { name: 'Acme' } })).body._id;
    const project = async (body: Record<string, unknown>) =>
      (await call('POST', '/api/projects', { token: user.token, body })).body._id as string;
    acme = await project({ name: 'Acme site', clientId: acmeClient, hourlyRate: 100 });
    own = await project({ name: 'Own app', hourlyRate: 33.33 });
    internal = await project({ name: 'Internal', billableByDefault: false, hourlyRate: 50 });
    const add = (projectId: string, date: string, duration: number, extra: Record<string, unknown> = {}) =>
      call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, date, duration, ...extra },
      });
    await add(acme, '2026-03-02', 7 * M, { activity: 'Design', tags: ['review', 'urgent'] }); // Monday
    await add(acme, '2026-03-08', 52 * M, { activity: 'Design' }); // Sunday, same week
    await add(own, '2026-03-09', H + 1, { activity: 'Build', tags: ['urgent'] });
    await add(internal, '2026-03-09', 2 * H, { activity: 'Admin', tags: ['review'] });
    await add(own, '2026-04-01', 30 * M, { activity: 'Build', billable: false });
  });

  it('groups by project with time, billable time, rounded billable time and amounts exact to the cent', async () => {
    const r = await report(user, { startdate: '2026-03-01', enddate: '2026-04-30', groupby: 'project' });

    expect(r.rows).toEqual([
      {
        key: internal,
        label: 'Internal',
        timeMs: 2 * H,
        billableMs: 0,
        roundedBillableMs: 0,
        billableAmount: 0,
      },
      {
        key: own,
        label: 'Own app',
        timeMs: H + 1 + 30 * M,
        billableMs: H + 1,
        roundedBillableMs: H + 1,
        billableAmount: 33.33,
      },
      {
        key: acme,
        label: 'Acme site',
        timeMs: 59 * M,
        billableMs: 59 * M,
        roundedBillableMs: 59 * M,
        billableAmount: 98.33,
      },
    ]);
    expect(r.total).toEqual({
      timeMs: 2 * H + H + 1 + 30 * M + 59 * M,
      billableMs: H + 1 + 59 * M,
      roundedBillableMs: H + 1 + 59 * M,
      billableAmount: 131.66,
    });
  });

  it('puts an entry with two tags in both tag rows and once in the total; untagged time in the key-null row', async () => {
    const r = await report(user, { startdate: '2026-03-01', enddate: '2026-04-30', groupby: 'tag' });

    const rows = Object.fromEntries(r.rows.map((row) => [String(row.key), row.timeMs]));
    expect(rows).toEqual({ review: 7 * M + 2 * H, urgent: 7 * M + H + 1, null: 52 * M + 30 * M });
    expect(r.rows.at(-1)?.key).toBeNull();
    expect(r.total.timeMs).toBe(59 * M + H + 1 + 2 * H + 30 * M);
  });

  it('groups by client, task, day, week (from Monday) and month', async () => {
    const range = { startdate: '2026-03-01', enddate: '2026-04-30' };
    const keys = async (groupby: string) =>
      (await report(user, { ...range, groupby })).rows.map((row) => [row.key, row.timeMs]);

    expect(await keys('client')).toEqual([
      [acmeClient, 59 * M],
      [null, 2 * H + H + 1 + 30 * M],
    ]);
    expect(await keys('task')).toEqual([
      ['Admin', 2 * H],
      ['Build', H + 1 + 30 * M],
      ['Design', 59 * M],
    ]);
    expect(await keys('day')).toEqual([
      ['2026-03-02', 7 * M],
      ['2026-03-08', 52 * M],
      ['2026-03-09', 3 * H + 1],
      ['2026-04-01', 30 * M],
    ]);
    expect(await keys('week')).toEqual([
      ['2026-03-02', 59 * M],
      ['2026-03-09', 3 * H + 1],
      ['2026-03-30', 30 * M],
    ]);
    expect(await keys('month')).toEqual([
      ['2026-03', 59 * M + 3 * H + 1],
      ['2026-04', 30 * M],
    ]);
  });

  it('filters by client, project, tag (any case) and billable; unknown values give an empty report', async () => {
    const range = { startdate: '2026-03-01', enddate: '2026-04-30', groupby: 'project' };

    expect((await report(user, { ...range, clientid: acmeClient })).total.timeMs).toBe(59 * M);
    expect((await report(user, { ...range, projectid: own })).total.timeMs).toBe(H + 1 + 30 * M);
    expect((await report(user, { ...range, tag: 'URGENT' })).total.timeMs).toBe(7 * M + H + 1);
    expect((await report(user, { ...range, billable: 'false' })).total.timeMs).toBe(2 * H + 30 * M);
    expect((await report(user, { ...range, billable: 'true', groupby: 'week' })).total.timeMs).toBe(
      59 * M + H + 1,
    );
    expect(
      (await report(user, { ...range, billable: 'false', groupby: 'day' })).rows.map((r) => r.key),
    ).toEqual(['2026-03-09', '2026-04-01']);
    const unknown: Record<string, string>[] = [
      { clientid: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
      { clientid: 'garbage' },
      { tag: 'never' },
    ];
    for (const query of unknown) {
      const empty = await report(user, { ...range, ...query });
      expect(empty.rows).toEqual([]);
      expect(empty.total).toEqual({ timeMs: 0, billableMs: 0, roundedBillableMs: 0, billableAmount: 0 });
    }
  });

  it('answers 404 for another user’s project and 400 for a bad grouping, range or billable value', async () => {
    const other = await newUser();
    const theirs = await call('GET', '/api/reports', { token: other.token, query: { projectid: acme } });
    expect(theirs.status).toBe(404);
    const bad: Record<string, string>[] = [
      { groupby: 'year' },
      { billable: 'yes' },
      { startdate: '2026-02-30' },
      { startdate: '2026-05-01', enddate: '2026-04-01' },
    ];
    for (const query of bad) {
      const res = await call('GET', '/api/reports', { token: user.token, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });

  it('rounds each entry with the user’s setting, never the stored entries', async () => {
    const rounding = async (value: Rounding) =>
      call('POST', '/api/usersettings', { token: user.token, body: { rounding: value } });
    const range = { startdate: '2026-03-01', enddate: '2026-03-31', groupby: 'project', projectid: acme };

    await rounding({ mode: 'up', minutes: 15 });
    const up = await report(user, range);
    await rounding({ mode: 'nearest', minutes: 6 });
    const nearest = await report(user, range);
    await rounding({ mode: 'none', minutes: 15 });

    // 7 min and 52 min: up to 15 → 15 + 60; nearest 6 → 6 + 54.
    expect(up.total).toMatchObject({ billableMs: 59 * M, roundedBillableMs: 75 * M, billableAmount: 125 });
    expect(nearest.total).toMatchObject({ roundedBillableMs: 60 * M, billableAmount: 100 });
    const entries = await call('GET', '/api/timeactivities', {
      token: user.token,
      query: { startdate: '2026-03-01', enddate: '2026-03-31', projectid: acme },
    });
    expect(entries.body.map((e: { duration: number }) => e.duration).sort()).toEqual([52 * M, 7 * M]);
  });

  it('reads a range cut inside months exactly (months whole, minus or plus the edge days)', async () => {
    const r = await report(user, { startdate: '2026-03-03', enddate: '2026-04-01', groupby: 'task' });
    expect(r.rows.map((row) => [row.key, row.timeMs])).toEqual([
      ['Admin', 2 * H],
      ['Build', H + 1 + 30 * M],
      ['Design', 52 * M],
    ]);
  });
});

describe('reports agree with the entries they sum', () => {
  it('for any range, grouping, filter and rounding (property)', async () => {
    // By day with a tag filter, reports read the per-tag day rollups the stream keeps.
    const stream = await openTagRollupStream();
    const user = await newUser({ premium: true });
    const projects: { id: string; rate: number | null }[] = [];
    for (const [name, rate] of [
      ['P1', 12.34],
      ['P2', null],
      ['P3', 99.99],
    ] as const) {
      const res = await call('POST', '/api/projects', {
        token: user.token,
        body: { name, hourlyRate: rate },
      });
      projects.push({ id: res.body._id, rate });
    }
    const tagSets = [[], ['a'], ['b'], ['a', 'b']];
    const entries = fc.sample(
      fc.record({
        project: fc.integer({ min: 0, max: 2 }),
        day: fc.integer({ min: 0, max: 90 }),
        duration: fc.integer({ min: 0, max: 5 * H }),
        billable: fc.boolean(),
        tags: fc.integer({ min: 0, max: 3 }),
      }),
      { numRuns: runs(30, 8), seed: 22 },
    );
    const stored: {
      date: string;
      duration: number;
      billable: boolean;
      rate: number | null;
      tagList: string[];
    }[] = [];
    for (const e of entries) {
      const date = new Date(Date.UTC(2026, 0, 1 + e.day)).toISOString().slice(0, 10);
      const project = projects[e.project] as { id: string; rate: number | null };
      await call('POST', '/api/timeactivities', {
        token: user.token,
        body: {
          projectId: project.id,
          date,
          duration: e.duration,
          billable: e.billable,
          tags: tagSets[e.tags],
        },
      });
      stored.push({ ...e, date, rate: project.rate, tagList: tagSets[e.tags] as string[] });
    }
    await stream.poll();
    stream.close();

    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 0, max: 90 }),
        fc.constantFrom('project', 'tag', 'day', 'week', 'month', 'task', 'client'),
        fc.constantFrom(undefined, 'true', 'false'),
        fc.constantFrom(undefined, 'a', 'B'),
        fc.constantFrom<Rounding>(
          { mode: 'none', minutes: 15 },
          { mode: 'up', minutes: 6 },
          { mode: 'down', minutes: 30 },
        ),
        async (a, b, groupby, billable, tag, rounding) => {
          await call('POST', '/api/usersettings', { token: user.token, body: { rounding } });
          const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
          const [start, end] = a <= b ? [day(a), day(b)] : [day(b), day(a)];
          const query: Record<string, string> = { startdate: start, enddate: end, groupby };
          if (billable) query.billable = billable;
          if (tag) query.tag = tag;
          const r = await report(user, query);
          const inScope = stored.filter(
            (e) =>
              e.date >= start &&
              e.date <= end &&
              (billable === undefined || String(e.billable) === billable) &&
              (tag === undefined || e.tagList.includes(tag.toLowerCase())),
          );
          const billed = inScope.filter((e) => e.billable);
          const rounded = billed.map((e) => roundEntryMs(e.duration, rounding));
          const numerator = billed.reduce(
            (sum, e, i) => sum + BigInt(rounded[i] as number) * BigInt(Math.round((e.rate ?? 0) * 100)),
            0n,
          );
          expect(r.total).toEqual({
            timeMs: inScope.reduce((s, e) => s + e.duration, 0),
            billableMs: billed.reduce((s, e) => s + e.duration, 0),
            roundedBillableMs: rounded.reduce((s, v) => s + v, 0),
            billableAmount: Number((numerator * 2n + 3_600_000n) / 7_200_000n) / 100,
          });
          if (groupby !== 'tag') {
            expect(r.rows.reduce((s, row) => s + row.timeMs, 0)).toBe(r.total.timeMs);
          }
        },
      ),
      { numRuns: runs(25, 8), seed: 7 },
    );
  });
});
