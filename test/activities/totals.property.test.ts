import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call } from '../api';
import { runs } from '../runs';
import { expectTotalsConsistent, newProject, newUser, type TestUser } from './helpers';

/**
 * Random sequences of creates, edits, moves and deletes (and the occasional project deletion),
 * checked after every step against an in-memory model: each project's totals equal the sums of
 * its entries, and every rollup, index count and counter equals what the stored entries add up to.
 */
const TASKS = ['Design', 'a#b', 'Überarbeitung', ''];
const DAYS = ['2026-01-31', '2026-02-01', '2026-02-02'];

const slot = fc.integer({ min: 0, max: 2 });
const pick = fc.nat({ max: 1000 });
const task = fc.constantFrom(...TASKS);
const day = fc.constantFrom(...DAYS);
const duration = fc.integer({ min: 0, max: 10 * 3_600_000 });
const cents = fc.integer({ min: 0, max: 10_000_00 });

const op = fc.oneof(
  fc.record({ type: fc.constant('time' as const), slot, day, task, sub: task, duration }),
  fc.record({
    type: fc.constant('money' as const),
    slot,
    day,
    task,
    sub: task,
    cents,
    expense: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('edit' as const),
    pick,
    slot: fc.option(slot, { nil: undefined }),
    day: fc.option(day, { nil: undefined }),
    task: fc.option(task, { nil: undefined }),
    duration: fc.option(duration, { nil: undefined }),
    cents: fc.option(cents, { nil: undefined }),
    expense: fc.option(fc.boolean(), { nil: undefined }),
  }),
  fc.record({ type: fc.constant('delete' as const), pick }),
  fc.record({ type: fc.constant('dropProject' as const), slot }),
);

interface Entry {
  kind: 'time' | 'money';
  slot: number;
  duration: number;
  cents: number;
  expense: boolean;
}

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function run(user: TestUser, ops: Op[]) {
  const projects = [await newProject(user, 'A'), await newProject(user, 'B'), await newProject(user, 'C')];
  const model = new Map<string, Entry>();
  const token = user.token;

  for (const o of ops) {
    const ids = [...model.keys()];
    const target = ids.length ? ids[('pick' in o ? o.pick : 0) % ids.length] : undefined;
    if (o.type === 'time') {
      const res = await call('POST', '/api/timeactivities', {
        token,
        body: {
          projectId: projects[o.slot],
          date: o.day,
          activity: o.task,
          description: o.sub,
          duration: o.duration,
        },
      });
      expect(res.status).toBe(201);
      model.set(res.body._id, { kind: 'time', slot: o.slot, duration: o.duration, cents: 0, expense: false });
    } else if (o.type === 'money') {
      const res = await call('POST', '/api/financeactivities', {
        token,
        body: {
          projectId: projects[o.slot],
          date: o.day,
          activity: o.task,
          description: o.sub,
          amount: o.cents / 100,
          expense: o.expense,
        },
      });
      expect(res.status).toBe(201);
      model.set(res.body._id, {
        kind: 'money',
        slot: o.slot,
        duration: 0,
        cents: o.cents,
        expense: o.expense,
      });
    } else if (o.type === 'edit' && target) {
      const entry = model.get(target)!;
      const common = {
        ...(o.slot !== undefined ? { projectId: projects[o.slot] } : {}),
        ...(o.day !== undefined ? { date: o.day } : {}),
        ...(o.task !== undefined ? { activity: o.task } : {}),
      };
      const res =
        entry.kind === 'time'
          ? await call('PUT', `/api/timeActivities/${target}`, {
              token,
              body: { ...common, ...(o.duration !== undefined ? { duration: o.duration } : {}) },
            })
          : await call('PUT', `/api/financeActivities/${target}`, {
              token,
              body: {
                ...common,
                ...(o.cents !== undefined ? { amount: o.cents / 100 } : {}),
                ...(o.expense !== undefined ? { expense: o.expense } : {}),
              },
            });
      expect(res.status).toBe(200);
      model.set(target, {
        ...entry,
        slot: o.slot ?? entry.slot,
        duration: entry.kind === 'time' ? (o.duration ?? entry.duration) : 0,
        cents: entry.kind === 'money' ? (o.cents ?? entry.cents) : 0,
        expense: entry.kind === 'money' ? (o.expense ?? entry.expense) : false,
      });
    } else if (o.type === 'delete' && target) {
      const entry = model.get(target)!;
      const path = entry.kind === 'time' ? 'timeActivities' : 'financeActivities';
      expect((await call('DELETE', `/api/${path}/${target}`, { token })).status).toBe(200);
      model.delete(target);
    } else if (o.type === 'dropProject') {
      expect((await call('DELETE', `/api/projects/${projects[o.slot]}`, { token })).status).toBe(200);
      for (const [id, entry] of model) if (entry.slot === o.slot) model.delete(id);
      projects[o.slot] = await newProject(user, `New ${o.slot}`);
    }

    // Assess after every step: the API's totals against the model, the stored rollups against the entries.
    const listed = (await call('GET', '/api/projects', { token })).body as Record<string, number | string>[];
    const entries = [...model.values()];
    for (const [i, projectId] of projects.entries()) {
      const mine = entries.filter((e) => e.slot === i);
      const sum = (f: (e: Entry) => number) => mine.reduce((s, e) => s + f(e), 0);
      expect(listed.find((p) => p._id === projectId)).toMatchObject({
        totalHours: sum((e) => e.duration),
        totalIncome: sum((e) => (e.kind === 'money' && !e.expense ? e.cents : 0)) / 100,
        totalExpenses: sum((e) => (e.kind === 'money' && e.expense ? e.cents : 0)) / 100,
      });
    }
    await expectTotalsConsistent(user.userId);
  }
}

describe('totals invariant (property-based)', () => {
  it('keeps every total equal to the sum of the entries after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        await run(await newUser({ premium: true }), ops);
      }),
      { numRuns: runs(20, 6) },
    );
  }, 120_000);
});
