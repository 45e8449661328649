import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countActivitiesOp, countProjectsOp } from '../core/counters';
import { taskGroupHash, taskGroupKey } from '../core/keys';
import { toFinanceActivityItem } from './finance-activities';
import { LIVE_PROJECT_CONDITION, projectKey, projectRecordFromItem, toProjectItem } from './projects';
import {
  type Contribution,
  dayRollupKey,
  effectsOf,
  effectToTxItem,
  mergeEffects,
  rollupItemsFor,
  taskDayRollupKey,
  taskDayRollupRange,
  taskIndexKey,
  taskMonthRollupKey,
  taskMonthRollupRange,
  taskPairHash,
} from './rollups';
import { timeActivityRecordFromItem, toTimeActivityItem } from './time-activities';

const time = (over: Partial<Contribution> = {}): Contribution => ({
  kind: 'time',
  projectId: 'P1',
  day: '2026-03-12',
  task: 'Design',
  subTask: 'Logo',
  timeMs: 1000,
  incomeCents: 0,
  expenseCents: 0,
  ...over,
});

/** The additions of an effect that change something. */
const nonZero = (add: Record<string, number>) =>
  Object.fromEntries(Object.entries(add).filter(([, v]) => v !== 0));

/** The key part of the pair every test entry below uses. */
const DESIGN_LOGO = taskPairHash('Design', 'Logo');
/** The key part of its task group (billable, no tags), where a current entry counts. */
const DESIGN_LOGO_GROUP = taskGroupHash(true, [], 'Design', 'Logo');

/** Task text as people write it: any code point, CJK, emoji, and the characters keys are made of. */
const taskText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('#', '%', '$', '/', 'ü', '日', '本', '😀', ' '), maxLength: 200 }),
);
const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

describe('keys', () => {
  it('keeps every task key short whatever the task text (DynamoDB caps a sort key at 1,024 bytes)', () => {
    fc.assert(
      fc.property(taskText, taskText, (task, subTask) => {
        const pid = '01KAZZZZZZZZZZZZZZZZZZZZZZ';
        const keys = [
          taskDayRollupKey('u', pid, '2026-03-12', task, subTask).SK,
          taskMonthRollupKey('u', pid, '2026-03', task, subTask).SK,
          taskIndexKey('time', 'u', pid, task, subTask).SK,
          taskIndexKey('finance', 'u', pid, task, subTask).SK,
          taskGroupKey('day', 'u', pid, '2026-03-12', taskGroupHash(false, [task], task, subTask)).SK,
        ];
        for (const sk of keys) expect(utf8(sk)).toBeLessThanOrEqual(70);
        expect(taskPairHash(task, subTask)).toMatch(/^[A-Za-z0-9_-]{22}$/);
      }),
    );
  });

  it('names each exact (task, sub-task) pair once: a # inside, case and the split all tell pairs apart', () => {
    const pairs: [string, string][] = [
      ['a#b', 'c'],
      ['a', 'b#c'],
      ['a#b#c', ''],
      ['', 'a#b#c'],
      ['Design', ''],
      ['design', ''],
      ['Design', 'Logo'],
      ['"Design","Logo"', ''],
      ['ü', ''],
      ['u\u0308', ''],
    ];
    const hashes = pairs.map(([t, s]) => taskPairHash(t, s));
    expect(new Set(hashes).size).toBe(pairs.length);
    expect(taskPairHash('Design', 'Logo')).toBe(DESIGN_LOGO);
    expect(taskDayRollupKey('u', 'P1', '2026-03-12', 'Design', 'Logo')).toEqual({
      PK: 'USER#u',
      SK: `TASKDAY#P1#2026-03-12#${DESIGN_LOGO}`,
    });
    expect(taskMonthRollupKey('u', 'P1', '2026-03', 'Design', 'Logo')).toEqual({
      PK: 'USER#u',
      SK: `TASKMONTH#P1#2026-03#${DESIGN_LOGO}`,
    });
    expect(dayRollupKey('u', 'P1', '2026-03-12')).toEqual({ PK: 'USER#u', SK: 'DAY#P1#2026-03-12' });
    expect(projectKey('u', 'P1')).toEqual({ PK: 'USER#u', SK: 'PROJECT#P1' });
  });

  it('puts a task key inside a day or month range exactly when its day or month is in it', () => {
    const day = fc
      .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(taskText, taskText, day, day, day, (task, subTask, d, a, b) => {
        const [first, last] = a <= b ? [a, b] : [b, a];
        const inside = (sk: string, r: { from: string; to: string }) => r.from <= sk && sk <= r.to;
        const dayRange = taskDayRollupRange('u', 'P1', first, last);
        expect(inside(taskDayRollupKey('u', 'P1', d, task, subTask).SK, dayRange)).toBe(
          first <= d && d <= last,
        );
        const monthRange = taskMonthRollupRange('u', 'P1', first.slice(0, 7), last.slice(0, 7));
        const month = d.slice(0, 7);
        expect(inside(taskMonthRollupKey('u', 'P1', month, task, subTask).SK, monthRange)).toBe(
          first.slice(0, 7) <= month && month <= last.slice(0, 7),
        );
        // The task group items (level 3 on) fall in the same ranges: one read finds both.
        const group = taskGroupHash(true, ['#', task], task, subTask);
        expect(inside(taskGroupKey('day', 'u', 'P1', d, group).SK, dayRange)).toBe(first <= d && d <= last);
        expect(inside(taskGroupKey('month', 'u', 'P1', month, group).SK, monthRange)).toBe(
          first.slice(0, 7) <= month && month <= last.slice(0, 7),
        );
        expect(group).not.toBe(taskPairHash(task, subTask));
        // The first release's keys (URL-encoded text) fall in the same ranges, so old items are read too.
        const oldKey = `TASKDAY#P1#${d}#${encodeURIComponent(task)}#${encodeURIComponent(subTask)}`;
        expect(inside(oldKey, dayRange)).toBe(first <= d && d <= last);
      }),
      { numRuns: 300 },
    );
  });
});

describe('effects', () => {
  it('turns an edit on the same day and task into one ADD of the difference per item', () => {
    const merged = mergeEffects([
      ...effectsOf('u', time(), -1),
      ...effectsOf('u', time({ timeMs: 1500 }), 1),
    ]);

    // The task index count nets to zero and is dropped; the project stays (it must exist). The
    // report rollups get the difference too (1 s and 1.5 s round to the same whole minutes).
    expect(merged.map((e) => [e.key.SK.split('#')[0], nonZero(e.add)])).toEqual([
      ['PROJECT', { totalHours: 500 }],
      ['DAY', { timeMs: 500, billableMs: 500 }],
      ['TASKDAY', { timeMs: 500 }],
      ['TASKMONTH', { timeMs: 500 }],
      ['REPWEEK', { timeMs: 500 }],
    ]);
  });

  it('moves time between months: out of the old month rollup, into the new one', () => {
    const merged = mergeEffects([
      ...effectsOf('u', time({ day: '2026-03-31' }), -1),
      ...effectsOf('u', time({ day: '2026-04-01', projectId: 'P2' }), 1),
    ]);
    const months = merged.filter((e) => e.key.SK.startsWith('TASKMONTH#'));
    expect(months.map((e) => [e.key.SK, e.add.timeMs, e.add.count, e.set.month])).toEqual([
      [`TASKMONTH#P1#2026-03#${DESIGN_LOGO_GROUP}`, -1000, -1, '2026-03'],
      [`TASKMONTH#P2#2026-04#${DESIGN_LOGO_GROUP}`, 1000, 1, '2026-04'],
    ]);
    // An activity transaction without tags: the entry plus 6 items on each of the two projects
    // (totals, day, task group day and month, report week, task index).
    expect(merged).toHaveLength(12);
  });

  it('moves time within a month as a change on one day but none on the month rollup', () => {
    const merged = mergeEffects([
      ...effectsOf('u', time({ day: '2026-03-02' }), -1),
      ...effectsOf('u', time({ day: '2026-03-30' }), 1),
    ]);
    expect(merged.map((e) => e.key.SK).filter((sk) => !sk.startsWith('REP'))).toEqual([
      'PROJECT#P1',
      'DAY#P1#2026-03-02',
      `TASKDAY#P1#2026-03-02#${DESIGN_LOGO_GROUP}`,
      'DAY#P1#2026-03-30',
      `TASKDAY#P1#2026-03-30#${DESIGN_LOGO_GROUP}`,
    ]);
    expect(merged.map((e) => e.key.SK.split('#')[0]).filter((sk) => sk?.startsWith('REP'))).toEqual([
      'REPWEEK',
      'REPWEEK',
    ]);
  });

  it('keeps a project that must exist as a condition when nothing changes on it', () => {
    const [project] = mergeEffects([
      ...effectsOf('u', time(), -1),
      ...effectsOf('u', time({ subTask: 'Icon' }), 1),
    ]);
    expect(effectToTxItem(project!)).toEqual({
      ConditionCheck: {
        TableName: expect.any(String),
        Key: projectKey('u', 'P1'),
        ConditionExpression: LIVE_PROJECT_CONDITION,
      },
    });
  });

  it('writes a project ADD only on condition that the project exists and is not being deleted', () => {
    const [project] = effectsOf('u', time(), 1);
    expect(LIVE_PROJECT_CONDITION).toBe('attribute_exists(PK) AND attribute_not_exists(deletedAt)');
    expect(effectToTxItem(project!).Update).toMatchObject({
      Key: projectKey('u', 'P1'),
      ConditionExpression: LIVE_PROJECT_CONDITION,
    });
  });

  it('computes the same rollups in memory as the transactions add up (for bulk seeding)', () => {
    const items = rollupItemsFor('u', [
      time(),
      time({ timeMs: 2000 }),
      time({ kind: 'finance', timeMs: 0, incomeCents: 1234, task: 'Invoice', subTask: '' }),
    ]);
    expect(items).toContainEqual(
      expect.objectContaining({ SK: 'DAY#P1#2026-03-12', timeMs: 3000, incomeCents: 1234, expenseCents: 0 }),
    );
    expect(items).toContainEqual(expect.objectContaining({ SK: `TASK#P1#${DESIGN_LOGO}`, useCount: 2 }));
    expect(items).toContainEqual(
      expect.objectContaining({
        PK: 'USER#u',
        SK: `TASKMONTH#P1#2026-03#${DESIGN_LOGO_GROUP}`,
        type: 'TASKMONTH',
        projectId: 'P1',
        month: '2026-03',
        billable: true,
        tags: [],
        activity: 'Design',
        description: 'Logo',
        timeMs: 3000,
        count: 2,
        rU1: 120_000,
      }),
    );
    // Finance entries have no task time.
    expect(items.some((i) => i.type === 'TASKMONTH' && i.activity === 'Invoice')).toBe(false);
    expect(items).toContainEqual(
      expect.objectContaining({ SK: `FINTASK#P1#${taskPairHash('Invoice', '')}`, useCount: 1 }),
    );
    expect(items.some((i) => String(i.SK).startsWith('PROJECT#'))).toBe(false);
  });
});

describe('counters', () => {
  it('limits a free user by a condition on the count after the ADD', () => {
    expect(countProjectsOp('u', 1, 3).Update).toMatchObject({
      ConditionExpression: 'attribute_not_exists(#count) OR #count <= :max',
      ExpressionAttributeValues: expect.objectContaining({ ':max': 2, ':delta': 1 }),
    });
    // A limit of 0 refuses even the first item.
    expect(countActivitiesOp('u', 1, 0).Update?.ConditionExpression).toBe('#count <= :max');
    expect(countActivitiesOp('u', -1, 125).Update?.ConditionExpression).toBeUndefined();
    expect(countActivitiesOp('u', 1).Update?.ConditionExpression).toBeUndefined();
  });
});

describe('item builders and converters', () => {
  it('round-trips a time activity through its item and indexes it by project and day', () => {
    const item = toTimeActivityItem({
      activityId: 'A1',
      userId: 'u',
      projectId: 'P1',
      task: 'Design',
      subTask: '',
      date: '2026-03-12T00:00:00.000Z',
      startTime: null,
      endTime: null,
      duration: 5,
    });
    expect(item).toMatchObject({
      SK: 'TIME#A1',
      GSI1PK: 'PROJECT#P1',
      GSI1SK: 'TIME#2026-03-12#A1',
      version: 1,
    });
    expect(timeActivityRecordFromItem(item)).toEqual({
      activityId: 'A1',
      userId: 'u',
      projectId: 'P1',
      task: 'Design',
      subTask: '',
      date: '2026-03-12T00:00:00.000Z',
      startTime: null,
      endTime: null,
      duration: 5,
      invoiceId: null,
      billable: true,
      tags: [],
      version: 1,
      createdAt: '2026-03-12T00:00:00.000Z',
      updatedAt: '2026-03-12T00:00:00.000Z',
    });
  });

  it('keeps project money in cents, time in ms, and indexes finance entries by GSI1 day', () => {
    const project = toProjectItem({
      projectId: 'P1',
      userId: 'u',
      name: 'Web',
      description: '',
      enableEmbedding: false,
      totalMs: 0,
      totalIncomeCents: 1230,
      totalExpensesCents: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(project).toMatchObject({ totalHours: 0, totalIncomeCents: 1230, totalExpensesCents: 1 });
    expect(projectRecordFromItem(project)).toMatchObject({ totalMs: 0, totalIncomeCents: 1230 });
    const fin = toFinanceActivityItem({
      activityId: 'F1',
      userId: 'u',
      projectId: 'P1',
      task: '',
      subTask: '',
      date: '2026-02-01T00:00:00.000Z',
      amountCents: 1,
      expense: true,
      notes: '',
    });
    expect(fin).toMatchObject({ SK: 'FIN#F1', GSI1SK: 'FIN#2026-02-01#F1', amountCents: 1 });
  });
});
