import { describe, expect, it } from 'vitest';
import { expectTotalsConsistent, newProject, newUser, partition } from '../activities/helpers';
import { call } from '../api';

const H = 3_600_000;

async function unbillableProject(token: string, name: string) {
  const res = await call('POST', '/api/projects', { token, body: { name, billableByDefault: false } });
  return res.body._id as string;
}

describe('billable and tags on time entries', () => {
  it('takes billable from the project when the entry leaves it out, and keeps what the entry says', async () => {
    const user = await newUser();
    const billableProject = await newProject(user, 'Client work');
    const internal = await unbillableProject(user.token, 'Internal');

    const byDefault = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId: billableProject, duration: H },
    });
    const internalDefault = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId: internal, duration: H },
    });
    const overridden = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId: internal, duration: H, billable: true },
    });

    expect(byDefault.body.billable).toBe(true);
    expect(internalDefault.body.billable).toBe(false);
    expect(overridden.body.billable).toBe(true);
  });

  it('trims tags, drops a repeat ignoring case, keeps the order and any Unicode', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    const res = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: H, tags: ['  Rückfrage ', '会議', 'rückfrage', '🔥 urgent', '#1 %'] },
    });

    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual(['Rückfrage', '会議', '🔥 urgent', '#1 %']);
    const stored = (await partition(user.userId)).find((i) => String(i.SK).startsWith('TIME#'));
    expect(stored?.tags).toEqual(['Rückfrage', '会議', '🔥 urgent', '#1 %']);
  });

  it('edits billable and tags, keeps them when an edit leaves them out, and keeps the totals exact', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const created = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: H, tags: ['a'] },
    });

    const edited = await call('PUT', `/api/timeActivities/${created.body._id}`, {
      token: user.token,
      body: { billable: false, tags: ['b', 'c'] },
    });
    const untouched = await call('PUT', `/api/timeActivities/${created.body._id}`, {
      token: user.token,
      body: { duration: 2 * H },
    });

    expect(edited.body).toMatchObject({ billable: false, tags: ['b', 'c'] });
    expect(untouched.body).toMatchObject({ billable: false, tags: ['b', 'c'], duration: 2 * H });
    await expectTotalsConsistent(user.userId);
  });

  it('refuses a 21st tag, a 51-character tag, an empty tag and non-text tags with 400, storing nothing', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const before = await partition(user.userId);
    const cases = [
      [Array.from({ length: 21 }, (_, i) => `t${i}`), 'TOO_MANY_TAGS'],
      [['x'.repeat(51)], 'TAG_TOO_LONG'],
      [['ok', '   '], 'TAG_EMPTY'],
      [[1, 2], 'TAGS_NOT_LIST'],
      ['a, b', 'TAGS_NOT_LIST'],
    ] as const;

    for (const [tags, code] of cases) {
      const res = await call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, duration: H, tags },
      });
      expect(res.status, JSON.stringify(tags)).toBe(400);
      expect(res.body.errors[0].code).toBe(code);
    }
    const badBillable = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: H, billable: 'yes' },
    });
    expect(badBillable.status).toBe(400);
    expect(badBillable.body.errors[0].code).toBe('NOT_BOOLEAN');
    expect(await partition(user.userId)).toEqual(before);
  });

  it('accepts 20 tags of 50 characters (emoji count as one character)', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const tags = Array.from({ length: 20 }, (_, i) => `${'😀'.repeat(48)}${String(i).padStart(2, '0')}`);

    const res = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, duration: H, tags },
    });

    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual(tags);
  });

  it('suggests tags most used first (GET /api/tags), and forgets a tag no entry carries', async () => {
    const user = await newUser();
    const p1 = await newProject(user, 'One');
    const p2 = await newProject(user, 'Two');
    const add = (projectId: string, tags: string[]) =>
      call('POST', '/api/timeactivities', { token: user.token, body: { projectId, duration: H, tags } });
    await add(p1, ['review', 'urgent']);
    await add(p2, ['review']);
    const once = await add(p2, ['call']);
    await add(p1, ['review', 'urgent']);

    const tags = await call('GET', '/api/tags', { token: user.token });
    await call('DELETE', `/api/timeActivities/${once.body._id}`, { token: user.token });
    const after = await call('GET', '/api/tags', { token: user.token });

    expect(tags.status).toBe(200);
    expect(tags.body).toEqual([
      { name: 'review', count: 3 },
      { name: 'urgent', count: 2 },
      { name: 'call', count: 1 },
    ]);
    expect(after.body.map((t: { name: string }) => t.name)).toEqual(['review', 'urgent']);
    // Another user sees none of them.
    expect((await call('GET', '/api/tags', { token: (await newUser()).token })).body).toEqual([]);
  });

  it('starts a timer with billable and tags, answers them while it runs, and saves them on stop', async () => {
    const user = await newUser();
    const internal = await unbillableProject(user.token, 'Internal');

    const started = await call('POST', '/api/timer', {
      token: user.token,
      body: { projectId: internal, activity: 'Call', tags: ['urgent', 'URGENT', 'call'] },
    });
    const running = await call('GET', '/api/timer', { token: user.token });
    const stopped = await call('POST', '/api/timer/stop', { token: user.token });

    expect(started.body).toMatchObject({ running: true, billable: false, tags: ['urgent', 'call'] });
    expect(running.body).toMatchObject({ billable: false, tags: ['urgent', 'call'] });
    expect(stopped.status).toBe(201);
    expect(stopped.body).toMatchObject({ activity: 'Call', billable: false, tags: ['urgent', 'call'] });

    await call('POST', '/api/timer', {
      token: user.token,
      body: { projectId: internal, billable: true, tags: ['x'] },
    });
    const saved = await call('POST', '/api/timer/stop', { token: user.token });
    expect(saved.body).toMatchObject({ billable: true, tags: ['x'] });
  });
});

describe('the timesheet filters clientid, tag and billable', () => {
  it('keeps only the client’s projects, the tag (any case) or the billable ones; unknown values find nothing', async () => {
    const user = await newUser({ premium: true });
    const client = await call('POST', '/api/clients', { token: user.token, body: { name: 'Acme' } });
    const acme = await call('POST', '/api/projects', {
      token: user.token,
      body: { name: 'Acme site', clientId: client.body._id },
    });
    const own = await newProject(user, 'Own');
    const add = (projectId: string, extra: Record<string, unknown>) =>
      call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, duration: H, date: '2026-03-10', ...extra },
      });
    const a = await add(acme.body._id, { tags: ['Review'] });
    const b = await add(own, { tags: ['review', 'x'], billable: false });
    const c = await add(own, {});
    const range = { startdate: '2026-03-09', enddate: '2026-03-15' };
    const ids = async (query: Record<string, string>) => {
      const res = await call('GET', '/api/timeactivities', {
        token: user.token,
        query: { ...range, ...query },
      });
      expect(res.status).toBe(200);
      return (res.body as { _id: string }[]).map((e) => e._id).sort();
    };

    expect(await ids({ clientid: client.body._id })).toEqual([a.body._id]);
    expect(await ids({ tag: 'REVIEW' })).toEqual([a.body._id, b.body._id].sort());
    expect(await ids({ billable: 'false' })).toEqual([b.body._id]);
    expect(await ids({ billable: 'true' })).toEqual([a.body._id, c.body._id].sort());
    expect(await ids({ tag: 'review', billable: 'true', clientid: client.body._id })).toEqual([a.body._id]);
    expect(await ids({ clientid: '01ARZ3NDEKTSV4RRFFQ69G5FAV' })).toEqual([]);
    expect(await ids({ clientid: 'garbage' })).toEqual([]);
    expect(await ids({ tag: 'nobody-uses-this' })).toEqual([]);
    const bad = await call('GET', '/api/timeactivities', {
      token: user.token,
      query: { ...range, billable: 'maybe' },
    });
    expect(bad.status).toBe(400);
  });

  it('finds nothing through another user’s client id', async () => {
    const owner = await newUser();
    const other = await newUser();
    const client = await call('POST', '/api/clients', { token: owner.token, body: { name: 'Theirs' } });
    const projectId = await newProject(other);
    await call('POST', '/api/timeactivities', {
      token: other.token,
      body: { projectId, duration: H, date: '2026-03-10' },
    });

    const res = await call('GET', '/api/timeactivities', {
      token: other.token,
      query: { startdate: '2026-03-01', enddate: '2026-03-31', clientid: client.body._id },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('listBillableEntries (what an invoice bills)', () => {
  it('answers the billable entries of the given projects in the range, not another user’s', async () => {
    const { listBillableEntries } = await import('../../functions/data/billing/billable-entries');
    const user = await newUser();
    const other = await newUser();
    const projectId = await newProject(user);
    const add = (date: string, billable: boolean) =>
      call('POST', '/api/timeactivities', {
        token: user.token,
        body: { projectId, duration: H, date, billable },
      });
    const inRange = await add('2026-03-10', true);
    await add('2026-03-11', false);
    await add('2026-04-01', true);

    const mine = await listBillableEntries(user.userId, [projectId], '2026-03-01', '2026-03-31');
    const theirs = await listBillableEntries(other.userId, [projectId], '2026-03-01', '2026-03-31');

    expect(mine.map((e) => e.activityId)).toEqual([inRange.body._id]);
    expect(theirs).toEqual([]);
  });
});
