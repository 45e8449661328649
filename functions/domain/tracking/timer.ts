import { ulid } from 'ulid';
import type * as z from 'zod/mini';
import type { timerStartSchema } from '../../../contract/activities';
import type { Built } from '../../../contract/lazy';
import { MAX_DURATION_MS } from '../../../contract/limits';
import type { TimeActivity, TimerState } from '../../../contract/responses';
import type { UserRecord } from '../../data/identity/users';
import { getProject } from '../../data/tracking/projects';
import { addTimeActivityWith } from '../../data/tracking/time-activities';
import {
  deleteTimer,
  deleteTimerOp,
  getTimer,
  pauseTimer,
  putNewTimer,
  replaceTimer,
  replaceTimerOp,
  resumeTimer,
  TIMER_CHANGED,
  type TimerRecord,
} from '../../data/tracking/timer';
import { config } from '../../lib/config';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { dayKeyToIso, toDayKey } from '../shared/calendar';
import { itemLimitFor } from './activities';
import { toTimeActivity, toTimerState } from './responses';

export type TimerStart = z.infer<Built<typeof timerStartSchema>>;

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

/** The timer's pauses up to `now`: those ended, and the one in progress (pure). */
export function pausesUntil(timer: TimerRecord, now: Date): number {
  const current = timer.pausedAt ? Math.max(0, now.getTime() - Date.parse(timer.pausedAt)) : 0;
  return timer.pausedMs + current;
}

/**
 * The entry a stopped timer becomes (pure): its id is the timer's, it starts when the timer started
 * and ends now, its duration is that span without the pauses, and it is booked on the start's day,
 * however many midnights it ran (or rested) across.
 */
export function entryFromTimer(timer: TimerRecord, now: Date) {
  const start = Date.parse(timer.startedAt);
  const span = Math.max(0, now.getTime() - start);
  const pauses = pausesUntil(timer, now);
  // One entry covers at most MAX_DURATION_MS (a timer forgotten for over a year is capped there).
  const duration = Math.min(Math.max(0, span - pauses), MAX_DURATION_MS);
  const stamp = now.toISOString();
  return {
    activityId: timer.timerId,
    userId: timer.userId,
    projectId: timer.projectId,
    task: timer.task,
    subTask: timer.subTask,
    date: dayKeyToIso(timer.day),
    billable: timer.billable,
    tags: timer.tags,
    startTime: timer.startedAt,
    endTime: new Date(start + Math.min(span, duration + pauses)).toISOString(),
    duration,
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/**
 * A running timer replaced by a new start is saved only if it ran at least this long: starts sent
 * from two devices at once (or a double click) would otherwise save 0–6 ms entries nobody tracked.
 */
export const MIN_SAVED_TIMER_MS = 1000;

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
 * without the other. If the running timer's project was deleted meanwhile, or it ran for less than
 * `MIN_SAVED_TIMER_MS`, it is replaced unsaved.
 */
export async function startTimer(user: UserRecord, input: TimerStart, now = new Date()): Promise<TimerState> {
  const day = dayIn(now, input.timeZone);
  if (!day) throw new ValidationError('UNKNOWN_TIME_ZONE', { param: 'timeZone' });
  const project = await getProject(user._id, input.projectId);
  if (!project) throw new NotFoundError('PROJECT_NOT_FOUND');
  const timer: TimerRecord = {
    timerId: ulid(now.getTime()),
    userId: user._id,
    projectId: input.projectId,
    task: input.activity ?? '',
    subTask: input.description ?? '',
    startedAt: now.toISOString(),
    day,
    pausedMs: 0,
    billable: input.billable ?? project.billableByDefault !== false,
    tags: input.tags ?? [],
  };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const running = await getTimer(user._id);
    if (!running) {
      if (await putNewTimer(timer)) return toTimerState(timer);
      continue;
    }
    const entry = entryFromTimer(running, now);
    if (entry.duration < MIN_SAVED_TIMER_MS) {
      // Replaced unsaved, as read: of two starts racing, one replaces it and the other re-reads.
      if (await replaceTimer(timer, running)) return toTimerState(timer);
      continue;
    }
    const result = await addTimeActivityWith(entry, itemLimitFor(user), [replaceTimerOp(timer, running)]);
    switch (result.status) {
      case 'created':
        return toTimerState(timer);
      case 'limit':
        throw limitError();
      case 'no-project':
        if (await replaceTimer(timer, running)) return toTimerState(timer);
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
 * retried after that transaction finds no timer (404); of two stops racing on the same timer one
 * saves it (201) and the other, finding the entry saved, answers 404 as a later stop would (issue 35
 * item 7). A free user at the item limit gets 403 and the timer keeps running.
 */
export async function stopTimer(user: UserRecord, now = new Date()): Promise<TimeActivity> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const running = await getTimer(user._id);
    if (!running) throw new NotFoundError('TIMER_NOT_RUNNING');
    const result = await addTimeActivityWith(entryFromTimer(running, now), itemLimitFor(user), [
      deleteTimerOp(running),
    ]);
    switch (result.status) {
      case 'created':
        return toTimeActivity(result.record);
      case 'existing':
        // Another stop saved this timer first: for this request there was no timer to stop.
        throw new NotFoundError('TIMER_NOT_RUNNING');
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

const wrongState = () => new ConflictError('TIMER_STATE');

/**
 * Pauses the running timer (`pausedAt` = now): an Update on the state it read, read again if
 * another device changed it meanwhile. No timer: 404; already paused: 409 `TIMER_STATE`.
 */
export async function pauseRunningTimer(user: UserRecord, now = new Date()): Promise<TimerState> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const timer = await getTimer(user._id);
    if (!timer) throw new NotFoundError('TIMER_NOT_RUNNING');
    if (timer.pausedAt) throw wrongState();
    const pausedAt = now.toISOString();
    if (await pauseTimer(timer, pausedAt)) return toTimerState({ ...timer, pausedAt });
  }
  throw busy();
}

/**
 * Resumes the paused timer, adding the pause to `pausedMs` — an Update on the state it read, so two
 * resumes racing count the pause once (the later one answers 409). No timer: 404; running: 409.
 */
export async function resumePausedTimer(user: UserRecord, now = new Date()): Promise<TimerState> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const timer = await getTimer(user._id);
    if (!timer) throw new NotFoundError('TIMER_NOT_RUNNING');
    if (!timer.pausedAt) throw wrongState();
    const pausedMs = pausesUntil(timer, now);
    if (await resumeTimer(timer, pausedMs)) return toTimerState({ ...timer, pausedAt: undefined, pausedMs });
  }
  throw busy();
}

/** Discards the running timer; nothing is saved. Idempotent: with no timer it does nothing. */
export async function discardTimer(user: UserRecord): Promise<void> {
  await deleteTimer(user._id);
}
