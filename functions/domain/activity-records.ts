import { ulid } from 'ulid';
import type {
  FinanceActivityCreate,
  FinanceActivityUpdate,
  TimeActivityCreate,
  TimeActivityUpdate,
} from '../../contract/activities';
import { MAX_DURATION_MS } from '../../contract/limits';
import { TIME_TRAVELLER } from '../../contract/messages';
import { amountToCents, MAX_AMOUNT } from '../../contract/money';
import type { FinanceActivityRecord } from '../data/finance-activities';
import type { TimeActivityRecord } from '../data/time-activities';
import { ValidationError } from '../lib/errors';
import { normaliseActivityDate, parseInstant } from './dates';

/**
 * The records of time and money entries made from validated request bodies: pure (but for the
 * clock and a fresh id), so every rule of a new or edited entry is tested without a table.
 */

function activityDate(text: string | null | undefined, now: Date): string {
  const date = normaliseActivityDate(text, now);
  if (!date) throw new ValidationError('Date must be an ISO date (yyyy-mm-dd or a timestamp)', 'date');
  return date.iso;
}

function instant(text: string | null | undefined, param: string, label: string): string | null {
  if (text === null || text === undefined || text === '') return null;
  const date = parseInstant(text);
  if (!date) throw new ValidationError(`${label} must be an ISO date-time or null`, param);
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
    if (span < 0) throw new ValidationError(TIME_TRAVELLER, 'startTime', 'START_AFTER_END');
    duration = span;
  }
  if (duration < 0) throw new ValidationError('Duration must not be negative', 'duration');
  if (duration > MAX_DURATION_MS) {
    throw new ValidationError(`Duration must be at most ${MAX_DURATION_MS / 3_600_000} hours`, 'duration');
  }
  return { startTime, endTime, duration };
}

function cents(amount: number | undefined): number {
  const value = amountToCents(amount ?? 0);
  if (value === undefined) {
    throw new ValidationError(
      `Amount must be a non-negative number with at most 2 decimals, up to ${MAX_AMOUNT}`,
      'amount',
    );
  }
  return value;
}

/** A new time activity record from a validated body (pure but for the clock and a fresh id). */
export function newTimeActivityRecord(
  userId: string,
  input: TimeActivityCreate,
  now: Date,
): TimeActivityRecord {
  const stamp = now.toISOString();
  return {
    activityId: input._id ?? ulid(now.getTime()),
    userId,
    projectId: input.projectId,
    activity: input.activity ?? '',
    description: input.description ?? '',
    date: activityDate(input.date, now),
    ...resolveTime({
      startTime: instant(input.startTime, 'startTime', 'Start time'),
      endTime: instant(input.endTime, 'endTime', 'End time'),
      duration: input.duration,
    }),
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** The edited record: fields absent from the body keep their value; `null` clears a start or end. */
export function editedTimeActivityRecord(
  current: TimeActivityRecord,
  input: TimeActivityUpdate,
  now: Date,
): TimeActivityRecord {
  const startTime =
    input.startTime === undefined ? current.startTime : instant(input.startTime, 'startTime', 'Start time');
  const endTime =
    input.endTime === undefined ? current.endTime : instant(input.endTime, 'endTime', 'End time');
  return {
    ...current,
    projectId: input.projectId ?? current.projectId,
    activity: input.activity ?? current.activity,
    description: input.description ?? current.description,
    // On an edit, an absent or null date keeps the entry's day ("today" is only the default of a new entry).
    date: input.date === undefined || input.date === null ? current.date : activityDate(input.date, now),
    ...resolveTime({ startTime, endTime, duration: input.duration ?? current.duration }),
    updatedAt: now.toISOString(),
  };
}

/** A new finance activity record from a validated body: amount default 0, income unless `expense`. */
export function newFinanceActivityRecord(
  userId: string,
  input: FinanceActivityCreate,
  now: Date,
): FinanceActivityRecord {
  const stamp = now.toISOString();
  return {
    activityId: input._id ?? ulid(now.getTime()),
    userId,
    projectId: input.projectId,
    activity: input.activity ?? '',
    description: input.description ?? '',
    date: activityDate(input.date, now),
    amountCents: cents(input.amount),
    expense: input.expense ?? false,
    notes: input.notes ?? '',
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** The edited record: fields absent from the body keep their value. */
export function editedFinanceActivityRecord(
  current: FinanceActivityRecord,
  input: FinanceActivityUpdate,
  now: Date,
): FinanceActivityRecord {
  return {
    ...current,
    projectId: input.projectId ?? current.projectId,
    activity: input.activity ?? current.activity,
    description: input.description ?? current.description,
    date: input.date === undefined || input.date === null ? current.date : activityDate(input.date, now),
    amountCents: input.amount === undefined ? current.amountCents : cents(input.amount),
    expense: input.expense ?? current.expense,
    notes: input.notes === undefined ? current.notes : (input.notes ?? ''),
    updatedAt: now.toISOString(),
  };
}
