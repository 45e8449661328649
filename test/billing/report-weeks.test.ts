import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Rounding } from '../../contract/rounding';
import { ddb } from '../../functions/data/core/client';
import { addDays } from '../../functions/domain/shared/calendar';
import { newUser, partition } from '../activities/helpers';
import { call } from '../api';
import { runs } from '../runs';
import { openTagRollupStream } from '../stream';
import { expectReportOfEntries, type ModelEntry, type ReportQuery } from './report-model';

const M = 60_000;
const FIRST = '2026-01-01';
const TAG_SETS = [[], ['review'], ['Urgent'], ['review', 'Urgent'], ['call'], ['ünïcode 😀']];
const TASKS = ['', 'Design', 'Build'];

/**
 * Reports read week rollups (`REPWEEK#`) for whole weeks when grouped by week with a tag filter,
 * and day rollups for the edges. These tests hold every report, on DynamoDB Local, equal to the sum
 * computed straight from the entries — after creates, edits that change tags, billable flag,
 * duration and day, moves between projects and deletes. By day with a tag filter they read the
 * per-tag day rollups, which the table's stream keeps: the test applies the stream's records
 * (the stream handler, fed as the local stack feeds it) before it asks.
 */
describe('reports by week with a tag filter (week rollups)', () => {
  it('equal the entries for any range, grouping, filter and rounding, after edits, moves and deletes (property)', async () => {
    // By day with a tag filter, reports read the per-tag day rollups the stream keeps.
    const stream = await openTagRollupStream();
    const user = await newUser({ premium: true });
    const rateCents = new Map<string, number>();
    const projects: string[] = [];
    for (const [name, rate] of [
      ['P1', 12.34],
      ['P2', null],
      ['P3', 99.99],
    ] as const) {
      const res = await call('POST', '/api/projects', {
        token: user.token,
        body: { name, hourlyRate: rate },
      });
      projects.push(res.body._id);
      if (rate !== null) rateCents.set(res.body._id, Math.round(rate * 100));
    }
    const entryArb = fc.record({
      project: fc.integer({ min: 0, max: 2 }),
      day: fc.integer({ min: 0, max: 120 }),
      duration: fc.integer({ min: 0, max: 300 * M }),
      billable: fc.boolean(),
      tags: fc.integer({ min: 0, max: TAG_SETS.length - 1 }),
      task: fc.integer({ min: 0, max: TASKS.length - 1 }),
    });
    const toEntry = (e: typeof entryArb extends fc.Arbitrary<infer T> ? T : never): ModelEntry => ({
      projectId: projects[e.project] as string,
      day: addDays(FIRST, e.day),
      duration: e.duration,
      billable: e.billable,
      tags: TAG_SETS[e.tags] as string[],
      task: TASKS[e.task] as string,
    });
    const body = (e: ModelEntry) => ({
      projectId: e.projectId,
      date: `${e.day}T00:00:00.000Z`,
      duration: e.duration,
      billable: e.billable,
      tags: e.tags,
      activity: e.task,
    });
    const model = new Map<string, ModelEntry>();
    for (const e of fc.sample(entryArb, { numRuns: 45, seed: 2201 }).map(toEntry)) {
      const res = await call('POST', '/api/timeactivities', { token: user.token, body: body(e) });
      expect(res.status).toBe(201);
      model.set(res.body._id, e);
    }
    // Edits (tags, billable, duration, day, task), moves to another project, and deletes.
    const ops = fc.sample(fc.record({ pick: fc.nat(), remove: fc.boolean(), next: entryArb }), {
      numRuns: runs(30, 10),
      seed: 2202,
    });
    for (const op of ops) {
      const ids = [...model.keys()];
      const id = ids[op.pick % ids.length] as string;
      if (op.remove && ids.length > 20) {
        expect((await call('DELETE', `/api/timeActivities/${id}`, { token: user.token })).status).toBe(200);
        model.delete(id);
        continue;
      }
      const next = toEntry(op.next);
      const res = await call('PUT', `/api/timeActivities/${id}`, { token: user.token, body: body(next) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      model.set(id, next);
    }
    await stream.poll();
    stream.close();

    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 125 }),
        fc.integer({ min: 0, max: 125 }),
        fc.constantFrom<ReportQuery['groupby']>(
          'week',
          'week',
          'week',
          'day',
          'month',
          'tag',
          'project',
          'task',
        ),
        fc.constantFrom(undefined, 'true', 'false'),
        fc.constantFrom('review', 'URGENT', ' call ', 'ÜNÏCODE 😀', undefined),
        fc.constantFrom<Rounding>(
          { mode: 'none', minutes: 15 },
          { mode: 'up', minutes: 6 },
          { mode: 'nearest', minutes: 15 },
          { mode: 'down', minutes: 30 },
        ),
        async (a, b, groupby, billable, tag, rounding) => {
          await call('POST', '/api/usersettings', { token: user.token, body: { rounding } });
          const [start, end] = a <= b ? [a, b] : [b, a];
          const q: ReportQuery = { startdate: addDays(FIRST, start), enddate: addDays(FIRST, end), groupby };
          if (billable) q.billable = billable as 'true' | 'false';
          if (tag !== undefined) q.tag = tag;
          await expectReportOfEntries(user, [...model.values()], rateCents, q, rounding);
        },
      ),
      { numRuns: runs(40, 10), seed: 2203 },
    );
  });

  it('keeps one week item per project, week and billable/tag group, equal to its entries', async () => {
    const user = await newUser({ premium: true });
    const res = await call('POST', '/api/projects', { token: user.token, body: { name: 'Weeks' } });
    const projectId = res.body._id as string;
    const add = (date: string, duration: number, tags: string[]) =>
      call('POST', '/api/timeactivities', { token: user.token, body: { projectId, date, duration, tags } });
    await add('2026-03-02', 10 * M, ['review']); // Monday
    await add('2026-03-08', 20 * M, ['review']); // Sunday, same week
    const moved = (await add('2026-03-09', 40 * M, ['review'])).body._id; // next Monday
    await call('PUT', `/api/timeActivities/${moved}`, {
      token: user.token,
      body: { date: '2026-03-04T00:00:00.000Z', tags: ['review', 'call'] },
    });

    const weeks = (await partition(user.userId)).filter((i) => String(i.SK).startsWith('REPWEEK#'));
    expect(weeks.map((w) => ({ period: w.period, tags: w.tags, timeMs: w.timeMs, count: w.count }))).toEqual(
      expect.arrayContaining([
        { period: '2026-03-02', tags: ['review'], timeMs: 30 * M, count: 2 },
        { period: '2026-03-02', tags: ['call', 'review'], timeMs: 40 * M, count: 1 },
      ]),
    );
    // The week the entry left holds nothing any more.
    expect(weeks.filter((w) => w.period === '2026-03-09').every((w) => w.timeMs === 0)).toBe(true);
  });

  it('keeps a move with 20 tags changed, the largest transaction, under DynamoDB’s 100 items', async () => {
    const user = await newUser({ premium: true });
    const from = (await call('POST', '/api/projects', { token: user.token, body: { name: 'From' } })).body
      ._id;
    const to = (await call('POST', '/api/projects', { token: user.token, body: { name: 'To' } })).body._id;
    const tags = (prefix: string) => Array.from({ length: 20 }, (_, i) => `${prefix}${i}`);
    const created = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId: from, date: '2026-01-30', duration: 60 * M, activity: 'A', tags: tags('old') },
    });
    const send = vi.spyOn(ddb, 'send');
    try {
      const res = await call('PUT', `/api/timeActivities/${created.body._id}`, {
        token: user.token,
        body: { projectId: to, date: '2026-02-02T00:00:00.000Z', activity: 'B', tags: tags('new') },
      });
      expect(res.status).toBe(200);
      const tx = send.mock.calls.map(([c]) => c).filter((c) => c instanceof TransactWriteCommand);
      expect(tx).toHaveLength(1);
      // The entry, then per side: totals, day, the task group's day and month items, the task
      // index, the report's week item, and 20 tag uses.
      expect((tx[0] as TransactWriteCommand).input.TransactItems).toHaveLength(1 + 2 * (6 + 20));
    } finally {
      send.mockRestore();
    }
  });
});
