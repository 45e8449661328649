import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { userKey } from '../../functions/data/identity/users';
import type { ProjectRecord } from '../../functions/data/tracking/projects';
import { signToken } from '../../functions/lib/jwt';
import { call } from '../api';

export interface TestUser {
  userId: string;
  token: string;
}

/**
 * Stores a user profile directly (as signup would) and signs a session for it — the activities
 * tests are about projects and entries, not about passwords.
 */
export async function newUser(options: { premium?: boolean } = {}): Promise<TestUser> {
  const userId = ulid(); // as signup makes them: the API answers 404 for any id that is not a ULID
  await ddb.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        ...userKey(userId),
        userId,
        name: 'Freelancer',
        email: `${userId}@example.com`,
        passwordHash: 'unusable',
        premium: options.premium ?? false,
        tokenVersion: 0,
        createdAt: new Date().toISOString(),
      },
    }),
  );
  return { userId, token: await signToken({ sub: userId, ver: 0 }) };
}

/** A new, empty project record for the bulk writer (`bulkSeed`), which computes its totals. */
export function projectRecord(
  userId: string,
  name: string,
  createdAt = new Date().toISOString(),
): ProjectRecord {
  return {
    projectId: ulid(),
    userId,
    name,
    description: '',
    enableEmbedding: false,
    totalMs: 0,
    totalIncomeCents: 0,
    totalExpensesCents: 0,
    createdAt,
  };
}

/** Creates a project through the API and answers its id. */
export async function newProject(user: TestUser, name = 'Client work'): Promise<string> {
  const res = await call('POST', '/api/projects', { token: user.token, body: { name } });
  if (res.status !== 201) throw new Error(`project create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

/** Every item of a user's partition except the profile, sorted by key (Query, paginated). */
export async function partition(userId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${userId}` },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...(out.Items ?? []).filter((i) => i.SK !== 'PROFILE'));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

const sk = (i: Record<string, unknown>) => i.SK as string;
const num = (v: unknown) => Number(v ?? 0);

/** Adds `value` into `map[key]`. */
function bump(map: Map<string, number>, key: string, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}

/** Only the non-zero entries: a rollup that went back to 0 equals one never written. */
const nonZero = (map: Map<string, number>) =>
  Object.fromEntries([...map.entries()].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)));

/** One map a total: the project totals, the day, task-day and task-month rollups, the task index. */
const totalsMaps = () => ({
  hours: new Map<string, number>(),
  income: new Map<string, number>(),
  expenses: new Map<string, number>(),
  day: new Map<string, number>(),
  taskDay: new Map<string, number>(),
  taskMonth: new Map<string, number>(),
  tasks: new Map<string, number>(),
});

/**
 * The invariant of the whole feature, recomputed from the stored activities alone: each project's
 * totals, every day, task-day and task-month rollup, the task index counts and the usage counters equal the
 * sums and counts of the activities. Answers the activities for further checks.
 */
export async function expectTotalsConsistent(userId: string) {
  const items = await partition(userId);
  const times = items.filter((i) => sk(i).startsWith('TIME#'));
  const fins = items.filter((i) => sk(i).startsWith('FIN#'));
  const projects = items.filter((i) => sk(i).startsWith('PROJECT#'));

  const want = totalsMaps();
  for (const t of times) {
    const p = t.projectId as string;
    bump(want.hours, p, num(t.duration));
    bump(want.day, `${p}|${t.day}|time`, num(t.duration));
    bump(want.taskDay, `${p}|${t.day}|${t.activity}|${t.description}`, num(t.duration));
    bump(want.taskMonth, `${p}|${String(t.day).slice(0, 7)}|${t.activity}|${t.description}`, num(t.duration));
    if (t.activity || t.description) bump(want.tasks, `time|${p}|${t.activity}|${t.description}`, 1);
  }
  for (const f of fins) {
    const p = f.projectId as string;
    const side = f.expense ? 'expense' : 'income';
    bump(f.expense ? want.expenses : want.income, p, num(f.amountCents));
    bump(want.day, `${p}|${f.day}|${side}`, num(f.amountCents));
    if (f.activity || f.description) bump(want.tasks, `finance|${p}|${f.activity}|${f.description}`, 1);
  }

  const have = totalsMaps();
  for (const p of projects) {
    bump(have.hours, p.projectId as string, num(p.totalHours));
    bump(have.income, p.projectId as string, num(p.totalIncomeCents));
    bump(have.expenses, p.projectId as string, num(p.totalExpensesCents));
  }
  for (const d of items.filter((i) => sk(i).startsWith('DAY#'))) {
    bump(have.day, `${d.projectId}|${d.day}|time`, num(d.timeMs));
    bump(have.day, `${d.projectId}|${d.day}|income`, num(d.incomeCents));
    bump(have.day, `${d.projectId}|${d.day}|expense`, num(d.expenseCents));
  }
  for (const d of items.filter((i) => sk(i).startsWith('TASKDAY#'))) {
    bump(have.taskDay, `${d.projectId}|${d.day}|${d.activity}|${d.description}`, num(d.timeMs));
  }
  for (const d of items.filter((i) => sk(i).startsWith('TASKMONTH#'))) {
    bump(have.taskMonth, `${d.projectId}|${d.month}|${d.activity}|${d.description}`, num(d.timeMs));
  }
  for (const t of items.filter((i) => sk(i).startsWith('TASK#') || sk(i).startsWith('FINTASK#'))) {
    const kind = sk(t).startsWith('TASK#') ? 'time' : 'finance';
    bump(have.tasks, `${kind}|${t.projectId}|${t.activity}|${t.description}`, num(t.useCount));
  }

  for (const name of Object.keys(want) as (keyof typeof want)[]) {
    expect(nonZero(have[name]), name).toEqual(nonZero(want[name]));
  }
  // Rollups never point at a project that no longer exists.
  const live = new Set(projects.map((p) => p.projectId as string));
  for (const d of items.filter((i) => /^(DAY|TASKDAY|TASKMONTH|TASK|FINTASK)#/.test(sk(i)))) {
    expect(live.has(d.projectId as string)).toBe(true);
  }
  const counters = items.find((i) => sk(i) === 'COUNTERS');
  expect(num(counters?.projectCount)).toBe(projects.length);
  // Recurring-expense rules count toward the items too (CONTRACT §9).
  const rules = items.filter((i) => sk(i).startsWith('RECURRING#'));
  expect(num(counters?.activityCount)).toBe(times.length + fins.length + rules.length);
  return { times, fins, projects };
}

/** A project as the API lists it. */
export async function projectVia(user: TestUser, projectId: string) {
  const res = await call('GET', '/api/projects', { token: user.token });
  return (res.body as { _id: string }[]).find((p) => p._id === projectId) as Record<string, any> | undefined;
}
