import { describe, expect, it } from 'vitest';
import type { FinanceActivityRecord } from '../../data/tracking/finance-activities';
import type { TimeActivityRecord } from '../../data/tracking/time-activities';
import { ValidationError } from '../../lib/errors';
import {
  editedFinanceActivityRecord,
  editedTimeActivityRecord,
  newFinanceActivityRecord,
  newTimeActivityRecord,
  resolveTime,
} from './activity-records';
import { groupTaskList } from './task-suggestions';

const now = new Date('2026-03-12T10:00:00Z');

describe('resolveTime', () => {
  it('recomputes the duration as end minus start when both are set', () => {
    expect(
      resolveTime({
        startTime: '2026-03-12T08:00:00.000Z',
        endTime: '2026-03-12T09:30:00.000Z',
        duration: 5,
      }),
    ).toMatchObject({ duration: 90 * 60_000 });
  });

  it('accepts a start equal to the end (zero duration)', () => {
    const t = '2026-03-12T08:00:00.000Z';
    expect(resolveTime({ startTime: t, endTime: t, duration: 100 }).duration).toBe(0);
  });

  it("refuses a start after the end with the specification's notice", () => {
    expect(() =>
      resolveTime({
        startTime: '2026-03-12T10:00:00.000Z',
        endTime: '2026-03-12T09:00:00.000Z',
        duration: 0,
      }),
    ).toThrow(new ValidationError('START_AFTER_END', { param: 'startTime' }));
  });

  it('keeps the given duration, rounded to whole milliseconds, when an end is missing', () => {
    expect(
      resolveTime({ startTime: '2026-03-12T10:00:00.000Z', endTime: null, duration: 1500.4 }).duration,
    ).toBe(1500);
    expect(resolveTime({ startTime: null, endTime: null, duration: undefined }).duration).toBe(0);
  });
});

describe('activity records', () => {
  it('builds a time record with a fresh sortable id, trimmed day and times', () => {
    const r = newTimeActivityRecord(
      'u1',
      {
        projectId: 'p1',
        date: '2026-03-12T15:00:00+02:00',
        startTime: '2026-03-12T08:00:00+01:00',
        endTime: null,
      },
      now,
    );
    expect(r).toMatchObject({
      userId: 'u1',
      projectId: 'p1',
      task: '',
      subTask: '',
      date: '2026-03-12T00:00:00.000Z',
      startTime: '2026-03-12T07:00:00.000Z',
      endTime: null,
      duration: 0,
      version: 1,
    });
    expect(r.activityId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('keeps the fields an edit does not name and recomputes the duration', () => {
    const current: TimeActivityRecord = {
      ...newTimeActivityRecord('u1', { projectId: 'p1', activity: 'Design', duration: 60_000 }, now),
      startTime: '2026-03-12T08:00:00.000Z',
    };
    const edited = editedTimeActivityRecord(
      current,
      { endTime: '2026-03-12T08:30:00.000Z', date: null },
      new Date('2026-04-01T00:00:00Z'),
    );
    expect(edited).toMatchObject({
      task: 'Design',
      projectId: 'p1',
      duration: 30 * 60_000,
      date: '2026-03-12T00:00:00.000Z',
    });
  });

  it('builds finance records in cents with income as the default side', () => {
    const r = newFinanceActivityRecord('u1', { projectId: 'p1', amount: 19.99 }, now);
    expect(r).toMatchObject({ amountCents: 1999, expense: false, notes: '' });
    const edited: FinanceActivityRecord = editedFinanceActivityRecord(r, { expense: true, notes: null }, now);
    expect(edited).toMatchObject({ amountCents: 1999, expense: true, notes: '' });
  });

  it('refuses an amount with more than two decimals', () => {
    expect(() => newFinanceActivityRecord('u1', { projectId: 'p1', amount: 1.005 }, now)).toThrow(
      ValidationError,
    );
  });
});

describe('groupTaskList', () => {
  it('groups by project and task, sorts case-insensitively and leaves out unused pairs', () => {
    const list = groupTaskList([
      { projectId: 'p1', task: 'design', subTask: 'b', useCount: 1 },
      { projectId: 'p1', task: 'design', subTask: 'A', useCount: 2 },
      { projectId: 'p1', task: 'Build', subTask: '', useCount: 1 },
      { projectId: 'p1', task: 'gone', subTask: 'x', useCount: 0 },
      { projectId: 'p2', task: 'x', subTask: 'y', useCount: -1 },
    ]);
    expect(list).toEqual([
      {
        projectId: 'p1',
        tasks: [
          { activity: 'Build', descriptions: [] },
          { activity: 'design', descriptions: ['A', 'b'] },
        ],
      },
    ]);
  });
});
