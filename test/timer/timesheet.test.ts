import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { projectIdGuardKey } from '../../functions/data/core/keys';
import { bulkSeed } from '../../functions/data/tracking/bulk';
import type { ProjectRecord } from '../../functions/data/tracking/projects';
import type { TimeActivityRecord } from '../../functions/data/tracking/time-activities';
import {
  expectTotalsConsistent,
  newProject,
  newUser,
  projectRecord,
  type TestUser,
} from '../activities/helpers';
import { call } from '../api';

const DAY_MS = 86_400_000;
const dayOf = (base: string, offset: number) =>
  new Date(Date.parse(`${base}T00:00:00.000Z`) + offset * DAY_MS).toISOString().slice(0, 10);

const project = (userId: string, name: string) => projectRecord(userId, name, '2026-01-01T00:00:00.000Z');

function entry(
  userId: string,
  projectId: string,
  day: string,
  task: string,
  subTask = '',
): TimeActivityRecord {
  return {
    activityId: ulid(),
    userId,
    projectId,
    task,
    subTask,
    date: `${day}T00:00:00.000Z`,
    startTime: null,
    endTime: null,
    duration: 60_000,
    version: 1,
    createdAt: `${day}T00:00:00.000Z`,
    updatedAt: `${day}T00:00:00.000Z`,
  };
}

/** Every page of a timesheet query, following `x-next-cursor` (bounded: at most 200 pages). */
async function allPages(user: TestUser, query: Record<string, string>) {
  const seen: Record<string, any>[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await call('GET', '/api/timeactivities', {
      token: user.token,
      query: { ...query, ...(cursor ? { cursor } : {}) },
    });
    expect(res.status).toBe(200);
    seen.push(...res.body);
    cursor = res.headers['x-next-cursor'];
    pages++;
  } while (cursor && pages < 200);
  expect(cursor).toBeUndefined();
  return { seen, pages };
}

/** Newest first: by day descending, then by id descending (ids are ULIDs, so the later first). */
const newestFirst = (a: { date: string; _id: string }, b: { date: string; _id: string }) =>
  b.date.localeCompare(a.date) || b._id.localeCompare(a._id);

describe('GET /api/timeactivities (the timesheet)', () => {
  it('lists the entries of the range across projects, newest first, and nothing outside it', async () => {
    const user = await newUser({ premium: true });
    const a = await newProject(user, 'Alpha');
    const b = await newProject(user, 'Beta');
    const create = (projectId: string, date: string, activity: string) =>
      call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, date, activity, duration: 60_000 },
      });
    await create(a, '2026-03-01', 'before');
    const inRange = [
      (await create(a, '2026-03-02', 'first day')).body,
      (await create(b, '2026-03-05', 'middle')).body,
      (await create(a, '2026-03-08', 'last day')).body,
      (await create(b, '2026-03-08', 'last day too')).body,
    ];
    await create(b, '2026-03-09', 'after');

    const res = await call('GET', '/api/timeactivities', {
      token: user.token,
      query: { startdate: '2026-03-02', enddate: '2026-03-08' },
    });

    expect(res.status).toBe(200);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(res.body).toEqual([...inRange].sort(newestFirst));
  });

  it('filters by project and by text in task or sub-task, ignoring case', async () => {
    const user = await newUser({ premium: true });
    const a = await newProject(user, 'Alpha');
    const b = await newProject(user, 'Beta');
    const create = (projectId: string, activity: string, description: string) =>
      call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, date: '2026-04-10', activity, description, duration: 1000 },
      });
    const logo = (await create(a, 'Design', 'New LOGO')).body;
    const review = (await create(b, 'Logo review', '')).body;
    const japanese = (await create(b, 'デザイン', '🎨 ロゴ 100%')).body;
    await create(a, 'Invoicing', 'March');
    const range = { startdate: '2026-04-01', enddate: '2026-04-30' };
    const list = async (query: Record<string, string>) =>
      (await call('GET', '/api/timeactivities', { token: user.token, query: { ...range, ...query } })).body;
    const ids = (items: { _id: string }[]) => items.map((i) => i._id).sort();

    expect(ids(await list({ projectid: b }))).toEqual(ids([review, japanese]));
    expect(ids(await list({ q: 'logo' }))).toEqual(ids([logo, review]));
    expect(ids(await list({ q: 'LoGo', projectid: a }))).toEqual(ids([logo]));
    expect(ids(await list({ q: 'ロゴ 100%' }))).toEqual(ids([japanese]));
    expect(await list({ q: 'nothing like it' })).toEqual([]);
  });

  it('follows an edit: a renamed or moved entry is found under its new task, project and day', async () => {
    const user = await newUser({ premium: true });
    const a = await newProject(user, 'Alpha');
    const b = await newProject(user, 'Beta');
    const created = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId: a, date: '2026-05-04', activity: 'Draft', duration: 1000 },
    });
    await call('PUT', `/api/timeActivities/${created.body._id}`, {
      token: user.token,
      body: { projectId: b, date: '2026-05-20', activity: 'Final copy' },
    });
    const list = async (query: Record<string, string>) =>
      (await call('GET', '/api/timeactivities', { token: user.token, query })).body as { _id: string }[];

    expect(await list({ startdate: '2026-05-01', enddate: '2026-05-10' })).toEqual([]);
    expect(
      (await list({ startdate: '2026-05-20', enddate: '2026-05-20', q: 'final', projectid: b })).map(
        (e) => e._id,
      ),
    ).toEqual([created.body._id]);
    expect(await list({ startdate: '2026-05-01', enddate: '2026-05-31', q: 'draft' })).toEqual([]);
    await expectTotalsConsistent(user.userId);
  });

  it("never lists another user's entries, not even in a project sharing the same id", async () => {
    const owner = await newUser({ premium: true });
    const other = await newUser({ premium: true });
    const projectId = await newProject(owner, 'Mine');
    // Before the project id guard, a client could choose another account's project id: the state
    // such data is left in (the guard gone, the other user's project under the same id).
    await ddb.send(new DeleteCommand({ TableName: TABLE, Key: projectIdGuardKey(projectId) }));
    expect(
      (await call('POST', '/api/projects', { token: other.token, body: { _id: projectId, name: 'Theirs' } }))
        .status,
    ).toBe(201);
    for (const user of [owner, other]) {
      await call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, date: '2026-06-01', activity: `by ${user.userId}`, duration: 1000 },
      });
    }
    const range = { startdate: '2026-06-01', enddate: '2026-06-01' };

    for (const query of [range, { ...range, projectid: projectId }, { ...range, q: 'by' }]) {
      const mine = (await call('GET', '/api/timeactivities', { token: owner.token, query })).body;
      expect(mine.map((e: { user: string }) => e.user)).toEqual([owner.userId]);
    }
    const stranger = await newUser();
    const res = await call('GET', '/api/timeactivities', {
      token: stranger.token,
      query: { ...range, projectid: projectId },
    });
    expect(res.status).toBe(404);
  });

  it('pages through 2,500 entries with none missed or repeated, at the default size and at 1,000', async () => {
    const user = await newUser({ premium: true });
    const projects = [project(user.userId, 'P1'), project(user.userId, 'P2'), project(user.userId, 'P3')];
    const timeActivities = Array.from({ length: 2500 }, (_, i) =>
      entry(
        user.userId,
        (projects[i % 3] as ProjectRecord).projectId,
        dayOf('2025-01-01', i % 400),
        `Task ${i % 17}`,
      ),
    );
    await bulkSeed({ userId: user.userId, projects, timeActivities, financeActivities: [] });
    const range = { startdate: '2025-01-01', enddate: '2026-12-31' };
    const expected = timeActivities
      .map((t) => ({ _id: t.activityId, date: t.date }))
      .sort(newestFirst)
      .map((t) => t._id);

    const byDefault = await allPages(user, range);
    const byThousand = await allPages(user, { ...range, limit: '1000' });

    expect(byDefault.seen.map((e) => e._id)).toEqual(expected);
    expect(byDefault.pages).toBe(25);
    expect(byThousand.seen.map((e) => e._id)).toEqual(expected);
    expect(byThousand.pages).toBe(3);
  });

  it('pages through a search over a long range with no match missed or repeated', async () => {
    const user = await newUser({ premium: true });
    const projects = [project(user.userId, 'P1')];
    const timeActivities = Array.from({ length: 2500 }, (_, i) =>
      entry(
        user.userId,
        (projects[0] as ProjectRecord).projectId,
        dayOf('2025-01-01', i % 500),
        i % 97 === 0 ? 'Rare Word' : 'common',
      ),
    );
    await bulkSeed({ userId: user.userId, projects, timeActivities, financeActivities: [] });
    const expected = timeActivities
      .filter((t) => t.task === 'Rare Word')
      .map((t) => ({ _id: t.activityId, date: t.date }))
      .sort(newestFirst)
      .map((t) => t._id);

    const { seen } = await allPages(user, {
      startdate: '2025-01-01',
      enddate: '2026-12-31',
      q: 'rare word',
      limit: '7',
    });

    expect(seen.map((e) => e._id)).toEqual(expected);
  });

  it('refuses bad queries with 400 and the offending parameter', async () => {
    const user = await newUser();
    const other = await newUser();
    const projectId = await newProject(other);
    const good = { startdate: '2026-01-01', enddate: '2026-01-31' };
    const foreignCursor = Buffer.from(
      JSON.stringify({
        PK: `USER#${other.userId}`,
        SK: 'TIME#x',
        GSI2PK: `TIMESHEET#${other.userId}`,
        GSI2SK: '2026-01-05#x',
      }),
    ).toString('base64url');
    const cases: [Record<string, string>, string][] = [
      [{ enddate: '2026-01-31' }, 'startdate'],
      [{ ...good, startdate: '2026-02-30' }, 'startdate'],
      [{ ...good, enddate: 'soon' }, 'enddate'],
      [{ startdate: '2026-02-01', enddate: '2026-01-01' }, 'enddate'],
      [{ ...good, limit: '0' }, 'limit'],
      [{ ...good, limit: '1001' }, 'limit'],
      [{ ...good, cursor: 'not-a-cursor' }, 'cursor'],
      [{ ...good, cursor: foreignCursor }, 'cursor'],
      [{ ...good, q: 'x'.repeat(201) }, 'q'],
    ];
    for (const [query, param] of cases) {
      const res = await call('GET', '/api/timeactivities', { token: user.token, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.errors[0].param).toBe(param);
    }
    const foreignProject = await call('GET', '/api/timeactivities', {
      token: user.token,
      query: { ...good, projectid: projectId },
    });
    expect(foreignProject.status).toBe(404);
    const badProject = await call('GET', '/api/timeactivities', {
      token: user.token,
      query: { ...good, projectid: 'a#b' },
    });
    expect(badProject.status).toBe(404);
  });
});
