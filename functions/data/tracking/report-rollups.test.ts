import { describe, expect, it } from 'vitest';
import { ROLLUP_LEVEL, rollupLevelOfItem } from './report-rollups';
import { type Contribution, effectsOf } from './rollups';
import { timeActivityRecordFromItem, toTimeActivityItem } from './time-activities';

const time = (over: Partial<Contribution> = {}): Contribution => ({
  kind: 'time',
  projectId: 'P1',
  day: '2026-03-12',
  task: 'Design',
  subTask: '',
  timeMs: 1000,
  incomeCents: 0,
  expenseCents: 0,
  tags: ['review'],
  ...over,
});

const families = (c: Contribution) => effectsOf('u', c, -1).map((e) => e.key.SK.split('#')[0]);

describe('rollup levels: an edit or delete takes out exactly what the stored entry was counted in', () => {
  it('counts a current entry in one task group item per day and month, and the week item', () => {
    expect(families(time())).toEqual(['PROJECT', 'DAY', 'TASKDAY', 'TASKMONTH', 'REPWEEK', 'TAGUSE', 'TASK']);
    expect(effectsOf('u', time(), 1)[1]?.add).toMatchObject({ timeMs: 1000, billableMs: 1000 });
    // The task group items hold what the report task items held: billable, tags, count, rounding.
    const [day, month] = effectsOf('u', time(), 1).slice(2, 4);
    for (const group of [day, month]) {
      expect(group?.set).toMatchObject({ billable: true, tags: ['review'], activity: 'Design' });
      expect(group?.add).toMatchObject({ timeMs: 1000, count: 1, rU15: 900_000 });
    }
  });

  it('takes out of an entry of level 2 the task-day, task-month and report task items it was counted in', () => {
    expect(families(time({ rollupLevel: 2 }))).toEqual([
      'PROJECT',
      'DAY',
      'TASKDAY',
      'TASKMONTH',
      'REPTASKDAY',
      'REPTASKMONTH',
      'REPWEEK',
      'TAGUSE',
      'TASK',
    ]);
    const [day] = effectsOf('u', time({ rollupLevel: 2 }), -1).slice(2, 3);
    expect(day?.set).not.toHaveProperty('billable');
    expect(day?.add).toEqual({ timeMs: -1000 });
  });

  it('takes out of an entry of release 3’s first build (level 1) all but the week item it never had', () => {
    expect(families(time({ rollupLevel: 1 }))).not.toContain('REPWEEK');
    expect(families(time({ rollupLevel: 1 }))).toContain('REPTASKDAY');
  });

  it('writes no report day or month items without the task: no report reads them (issue 39)', () => {
    for (const level of [1, 2]) {
      expect(families(time({ rollupLevel: level }))).not.toContain('REPDAY');
      expect(families(time({ rollupLevel: level }))).not.toContain('REPMONTH');
    }
  });

  it('takes out of an entry stored before release 3 (level 0) only the totals and chart rollups', () => {
    const effects = effectsOf('u', time({ rollupLevel: 0, tags: [] }), -1);
    expect(effects.map((e) => e.key.SK.split('#')[0])).toEqual([
      'PROJECT',
      'DAY',
      'TASKDAY',
      'TASKMONTH',
      'TASK',
    ]);
    expect(effects[1]?.add.timeMs).toBe(-1000);
    expect(effects[1]?.add).not.toHaveProperty('billableMs');
  });

  it('tells the level of a stored item, and writes every new record at the current one', () => {
    const base = {
      PK: 'USER#u',
      SK: 'TIME#A',
      activityId: 'A',
      userId: 'u',
      projectId: 'P1',
      activity: '',
      description: '',
      date: '2026-03-12T00:00:00.000Z',
      day: '2026-03-12',
      duration: 1000,
      version: 1,
    };
    expect(rollupLevelOfItem(base)).toBe(0);
    expect(rollupLevelOfItem({ ...base, billable: true })).toBe(1);
    expect(rollupLevelOfItem({ ...base, billable: false, rollupLevel: 2 })).toBe(2);

    const old = timeActivityRecordFromItem(base);
    expect(old.rollupLevel).toBe(0);
    // Written back as it was counted (e.g. by a path that rewrites the item), it keeps its level.
    expect(toTimeActivityItem(old).rollupLevel).toBe(0);
    const fresh = timeActivityRecordFromItem({ ...base, billable: true, rollupLevel: ROLLUP_LEVEL });
    expect(fresh.rollupLevel).toBeUndefined();
    expect(toTimeActivityItem(fresh).rollupLevel).toBe(ROLLUP_LEVEL);
  });
});
