import { ulid } from 'ulid';
import type {
  FinanceActivityCreate,
  FinanceActivityUpdate,
  TimeActivityCreate,
  TimeActivityUpdate,
} from '../../../contract/activities';
import type { ExpenseCategory } from '../../../contract/enums';
import { MAX_DURATION_MS } from '../../../contract/limits';
import { amountToCents, MAX_AMOUNT } from '../../../contract/money';
import type { ActivityBase } from '../../data/tracking/activity-kind';
import type { FinanceActivityRecord } from '../../data/tracking/finance-activities';
import type { TimeActivityRecord } from '../../data/tracking/time-activities';
import { ValidationError } from '../../lib/errors';
import { normaliseActivityDate, parseInstant } from '../shared/calendar';

/**
 * The records of time and money entries made from validated request bodies: pure (but for the
 * clock and a fresh id), so every rule of a new or edited entry is tested without a table.
 */

function activityDate(text: string | null | undefined, now: Date): string {
  const date = normaliseActivityDate(text, now);
  if (!date) throw new ValidationError('INVALID_ACTIVITY_DATE', { param: 'date' });
  return date.iso;
}

function instant(text: string | null | undefined, field: 'startTime' | 'endTime'): string | null {
  if (text === null || text === undefined || text === '') return null;
  const date = parseInstant(text);
  if (!date) throw new ValidationError('INVALID_DATE_TIME', { param: field, values: { field } });
  return date.toISOString();
}

/**
 * The time rules of the specification: the start may not be after the end when an end is set;
 * when both are set the duration is the end minus the start (recomputed here, whatever the client
 * sent); otherwise the given duration (default 0), whole milliseconds, never negative.
 */
export function resolveTime(input: {
  startTime: string | null;
  endTime: string | null;
  duration: number | undefined;
}): { startTime: string | null; endTime: string | null; duration: number } {
  const { startTime, endTime } = input;
  let duration = Math.round(input.duration ?? 0);
  if (startTime !== null && endTime !== null) {
    const span = Date.parse(endTime) - Date.parse(startTime);
    if (span < 0) throw new ValidationError('START_AFTER_END', { param: 'startTime' });
    duration = span;
  }
  if (duration < 0) throw new ValidationError('DURATION_NEGATIVE', { param: 'duration' });
  if (duration > MAX_DURATION_MS) {
    throw new ValidationError('DURATION_TOO_LONG', {
      param: 'duration',
      values: { field: 'duration', max: MAX_DURATION_MS / 3_600_000 },
    });
  }
  return { startTime, endTime, duration };
}

function cents(amount: number | undefined, field: 'amount' | 'vatAmount' = 'amount'): number {
  const value = amountToCents(amount ?? 0);
  if (value === undefined) {
    throw field === 'amount'
      ? new ValidationError('INVALID_AMOUNT', { param: 'amount', values: { max: MAX_AMOUNT } })
      : new ValidationError('INVALID_VAT_AMOUNT', { param: 'vatAmount', values: { max: MAX_AMOUNT } });
  }
  return value;
}

/** An expense's category (the body's, else the one it had, else `other`); income has none. */
function categoryOf(
  expense: boolean,
  given: ExpenseCategory | null | undefined,
  current?: ExpenseCategory,
): { category?: ExpenseCategory } {
  return expense ? { category: given ?? current ?? 'other' } : {};
}

/** The fields of a new entry of either kind: its id (the client's, else a fresh ULID), task and day. */
function newActivityBase(
  userId: string,
  input: Pick<TimeActivityCreate, '_id' | 'projectId' | 'activity' | 'description' | 'date'>,
  now: Date,
): ActivityBase {
  const stamp = now.toISOString();
  return {
    activityId: input._id ?? ulid(now.getTime()),
    userId,
    projectId: input.projectId,
    task: input.activity ?? '',
    subTask: input.description ?? '',
    date: activityDate(input.date, now),
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** An edited entry of either kind: the shared fields absent from the body keep their value. */
function editedActivityBase<R extends ActivityBase>(
  current: R,
  input: Pick<TimeActivityUpdate, 'projectId' | 'activity' | 'description' | 'date'>,
  now: Date,
): R {
  return {
    ...current,
    projectId: input.projectId ?? current.projectId,
    task: input.activity ?? current.task,
    subTask: input.description ?? current.subTask,
    // On an edit, an absent or null date keeps the entry's day ("today" is only the default of a new entry).
    date: input.date === undefined || input.date === null ? current.date : activityDate(input.date, now),
    updatedAt: now.toISOString(),
  };
}

/**
 * A new time activity record from a validated body (pure but for the clock and a fresh id).
 * `billableByDefault` is the project's: what `billable` is when the body leaves it out.
 */
export function newTimeActivityRecord(
  userId: string,
  input: TimeActivityCreate,
  now: Date,
  billableByDefault = true,
): TimeActivityRecord {
  return {
    ...newActivityBase(userId, input, now),
    billable: input.billable ?? billableByDefault,
    tags: input.tags ?? [],
    ...resolveTime({
      startTime: instant(input.startTime, 'startTime'),
      endTime: instant(input.endTime, 'endTime'),
      duration: input.duration,
    }),
  };
}

/** The edited record: fields absent from the body keep their value; `null` clears a start or end. */
export function editedTimeActivityRecord(
  current: TimeActivityRecord,
  input: TimeActivityUpdate,
  now: Date,
): TimeActivityRecord {
  const startTime = input.startTime === undefined ? current.startTime : instant(input.startTime, 'startTime');
  const endTime = input.endTime === undefined ? current.endTime : instant(input.endTime, 'endTime');
  return {
    ...editedActivityBase(current, input, now),
    billable: input.billable ?? current.billable !== false,
    tags: input.tags ?? current.tags ?? [],
    ...resolveTime({ startTime, endTime, duration: input.duration ?? current.duration }),
  };
}

/**
 * A new finance activity record from a validated body: amount and VAT default 0, income unless
 * `expense`; an expense's category defaults to `other`, an income's is dropped.
 */
export function newFinanceActivityRecord(
  userId: string,
  input: FinanceActivityCreate,
  now: Date,
): FinanceActivityRecord {
  const expense = input.expense ?? false;
  return {
    ...newActivityBase(userId, input, now),
    amountCents: cents(input.amount),
    expense,
    notes: input.notes ?? '',
    vatCents: cents(input.vatAmount, 'vatAmount'),
    ...categoryOf(expense, input.category),
  };
}

/**
 * The edited record: fields absent from the body keep their value. An income turned expense gets
 * `other` unless the body names a category; an expense turned income loses its category.
 */
export function editedFinanceActivityRecord(
  current: FinanceActivityRecord,
  input: FinanceActivityUpdate,
  now: Date,
): FinanceActivityRecord {
  const expense = input.expense ?? current.expense;
  const { category: _dropped, ...rest } = current;
  return {
    ...editedActivityBase(rest, input, now),
    amountCents: input.amount === undefined ? current.amountCents : cents(input.amount),
    expense,
    notes: input.notes === undefined ? current.notes : (input.notes ?? ''),
    vatCents: input.vatAmount === undefined ? (current.vatCents ?? 0) : cents(input.vatAmount, 'vatAmount'),
    ...categoryOf(expense, input.category, current.category),
  };
}
