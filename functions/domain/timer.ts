import { ulid } from 'ulid';
import type * as z from 'zod/mini';
import type { timerStartSchema } from '../../contract/activities';
import { MAX_DURATION_MS } from '../../contract/limits';
import type { TimeActivity, TimerState } from '../../contract/responses';
import { getProject } from '../data/projects';
import { addTimeActivityWith } from '../data/time-activities';
import {
  deleteTimer,
  deleteTimerOp,
  getTimer,
  putNewTimer,
  replaceTimer,
  replaceTimerOp,
  TIMER_CHANGED,
  type TimerRecord,
} from '../data/timer';
import type { UserRecord } from '../data/users';
import { config } from '../lib/config';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors';
import { itemLimitFor } from './activities';
import { dayKeyToIso, toDayKey } from './dates';
import { toTimeActivity, toTimerState } from './responses';

export type TimerStart = z.infer<typeof timerStartSchema>;

export type { TimerState };

/** `yyyy-mm-dd` of an instant in a time zone; `undefined` for a zone `Intl` does not know. */
export function dayIn(instant: Date, timeZone: string | undefined): string | undefined {
  if (timeZone === undefined) return toDayKey(instant);
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(instant);
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')}`;
  } catch {
    return undefined;
  }
}

/**
 * The entry a stopped timer becomes (pure): its id is the timer's, it starts when the timer started
 * and ends now, and it is booked on the start's day, however many midnights it ran across.
 */
export function entryFromTimer(timer: TimerRecord, now: Date) {
  const start = Date.parse(timer.startedAt);
  // One entry covers at most MAX_DURATION_MS (a timer forgotten for over a year is capped there).
  const duration = Math.min(Math.max(0, now.getTime() - start), MAX_DURATION_MS);
  const stamp = now.toISOString();
  return {
    activityId: timer.timerId,
    userId: timer.userId,
    projectId: timer.projectId,
    task: timer.task,
    subTask: timer.subTask,
    date: dayKeyToIso(timer.day),
    startTime: timer.startedAt,
    endTime: new Date(start + duration).toISOString(),
    duration,
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** Rounds of read-then-write before answering 409: each lost round means another tab won one. */
const MAX_ROUNDS = 10;
const busy = () => new ConflictError('TIMER_CONFLICT');
const limitError = () => new ForbiddenError('FREE_ITEM_LIMIT', { values: { limit: config.freeItemLimit } });

/** GET /api/timer. */
export async function getTimerState(user: UserRecord): Promise<TimerState> {
  const timer = await getTimer(user._id);
  return toTimerState(timer);
}

/**
 * Starts a timer on one of the user's projects. A running timer is first saved as an entry, in
 * the same transaction that puts the new timer in its place (as Toggl does), so neither can happen
 * without the other. If the running timer's project was deleted meanwhile, it is replaced unsaved.
 */
export async function startTimer(user: UserRecord, input: TimerStart, now = new Date()): Promise<TimerState> {
  const day = dayIn(now, input.timeZone);
  if (!day) throw new ValidationError('UNKNOWN_TIME_ZONE', { param: 'timeZone' });
  if (!(await getProject(user._id, input.projectId))) {
    throw new NotFoundError('PROJECT_NOT_FOUND');
  }
  const timer: TimerRecord = {
    timerId: ulid(now.getTime()),
    userId: user._id,
    projectId: input.projectId,
    task: input.activity ?? '',
    subTask: input.description ?? '',
    startedAt: now.toISOString(),
    day,
  };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const running = await getTimer(user._id);
    if (!running) {
      if (await putNewTimer(timer)) return toTimerState(timer);
      continue;
    }
    const result = await addTimeActivityWith(entryFromTimer(running, now), itemLimitFor(user), [
      replaceTimerOp(timer, running.timerId),
    ]);
    switch (result.status) {
      case 'created':
        return toTimerState(timer);
      case 'limit':
        throw limitError();
      case 'no-project':
        if (await replaceTimer(timer, running.timerId)) return toTimerState(timer);
        continue;
      // 'existing' (another tab's stop saved it) or TIMER_CHANGED: read the timer again.
      default:
        continue;
    }
  }
  throw busy();
}

/**
 * Stops the running timer and saves it as an entry — the entry Put (`attribute_not_exists`, id =
 * the timer's) and the timer Delete (on its `timerId`) in one transaction with the totals. A stop
 * retried after that transaction finds no timer (404); two stops racing on the same timer both
 * answer the one entry. A free user at the item limit gets 403 and the timer keeps running.
 */
export async function stopTimer(user: UserRecord, now = new Date()): Promise<TimeActivity> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const running = await getTimer(user._id);
    if (!running) throw new NotFoundError('TIMER_NOT_RUNNING');
    const result = await addTimeActivityWith(entryFromTimer(running, now), itemLimitFor(user), [
      deleteTimerOp(user._id, running.timerId),
    ]);
    switch (result.status) {
      case 'created':
      case 'existing':
        return toTimeActivity(result.record);
      case 'limit':
        throw limitError();
      case 'no-project':
        // Its project was deleted while it ran: nothing can be saved, so the timer goes too.
        await deleteTimer(user._id, running.timerId);
        throw new NotFoundError('PROJECT_NOT_FOUND');
      case 'precondition':
        if (!result.failed.includes(TIMER_CHANGED))
          throw new Error(`Unexpected: ${result.failed.join(', ')}`);
        continue;
    }
  }
  throw busy();
}

/** Discards the running timer; nothing is saved. Idempotent: with no timer it does nothing. */
export async function discardTimer(user: UserRecord): Promise<void> {
  await deleteTimer(user._id);
}
