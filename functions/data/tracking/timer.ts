import { DeleteCommand, ddb, GetCommand, PutCommand, TABLE, UpdateCommand } from '../core/client';
import { timerKey } from '../core/keys';
import type { TxOp } from '../core/transact';
import { type TaskPair, taskAttributes, taskPairFromItem } from './task-attributes';

/**
 * The running timer: at most one per user, the item `USER#<userId>` / `TIMER`. Each start gets a
 * fresh `timerId` (a ULID); the entry a stop saves takes that id as its own, so the stop's
 * transaction (entry Put `attribute_not_exists` + timer Delete on `timerId`) can succeed once only.
 * A pause sets `pausedAt`; a resume adds the pause to `pausedMs` and removes `pausedAt`. Every write
 * that saves or replaces a timer is conditional on the state it read (`timerId` and the pause
 * fields), so a pause or resume on another device in between makes it read again.
 */
export { timerKey } from '../core/keys';

/** A running timer as stored. */
export interface TimerRecord extends TaskPair {
  /** A ULID, new on every start; also the id of the entry its stop saves. */
  timerId: string;
  userId: string;
  projectId: string;
  /** ISO timestamp of the start. */
  startedAt: string;
  /** The start's calendar day (`yyyy-mm-dd`) where the person was: the saved entry's day. */
  day: string;
  /** ISO timestamp of the pause in progress; absent while the timer runs. */
  pausedAt?: string | undefined;
  /** The pauses already ended, in ms (0 when it never paused). */
  pausedMs: number;
  /** Whether the entry it becomes is billable (given at start, else the project's default). */
  billable: boolean;
  /** The tags of the entry it becomes. */
  tags: string[];
}

const toItem = (t: TimerRecord) => ({
  ...timerKey(t.userId),
  type: 'TIMER',
  timerId: t.timerId,
  userId: t.userId,
  projectId: t.projectId,
  ...taskAttributes(t),
  startedAt: t.startedAt,
  day: t.day,
  pausedMs: t.pausedMs,
  ...(t.pausedAt ? { pausedAt: t.pausedAt } : {}),
  billable: t.billable,
  tags: t.tags,
});

function fromItem(item: Record<string, unknown>): TimerRecord {
  return {
    timerId: item.timerId as string,
    userId: item.userId as string,
    projectId: item.projectId as string,
    ...taskPairFromItem(item),
    startedAt: item.startedAt as string,
    day: item.day as string,
    // Timers started before pauses existed hold neither field.
    pausedAt: typeof item.pausedAt === 'string' ? item.pausedAt : undefined,
    pausedMs: typeof item.pausedMs === 'number' ? item.pausedMs : 0,
    billable: item.billable !== false,
    tags: Array.isArray(item.tags) ? (item.tags as string[]) : [],
  };
}

/** Access pattern: the user's running timer, if any (strongly consistent). */
export async function getTimer(userId: string): Promise<TimerRecord | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: timerKey(userId), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/**
 * Access pattern: start a timer when none runs (Put `attribute_not_exists`). `false` when one was
 * started in the meantime (another tab or device): nothing written.
 */
export async function putNewTimer(timer: TimerRecord): Promise<boolean> {
  return conditional(
    new PutCommand({
      TableName: TABLE,
      Item: toItem(timer),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** The condition that the stored timer is still `t` as read: the same start, the same pauses. */
function asRead(t: TimerRecord) {
  const paused = t.pausedAt
    ? { expr: 'pausedAt = :pausedAt', values: { ':pausedAt': t.pausedAt } }
    : { expr: 'attribute_not_exists(pausedAt)', values: {} };
  const pausedMs =
    t.pausedMs > 0
      ? { expr: 'pausedMs = :pausedMs', values: { ':pausedMs': t.pausedMs } }
      : { expr: '(attribute_not_exists(pausedMs) OR pausedMs = :noPause)', values: { ':noPause': 0 } };
  return {
    ConditionExpression: `timerId = :timerId AND ${paused.expr} AND ${pausedMs.expr}`,
    ExpressionAttributeValues: { ':timerId': t.timerId, ...paused.values, ...pausedMs.values },
  };
}

const onTimer = (timerId: string) => ({
  ConditionExpression: 'timerId = :timerId',
  ExpressionAttributeValues: { ':timerId': timerId },
});

/** Tag of a timer condition that failed: the timer was stopped, discarded, paused, resumed or replaced meanwhile. */
export const TIMER_CHANGED = 'timer-changed';

/** Transaction write: replace the running timer `replaced`, as read, with `timer` (one item, one key). */
export const replaceTimerOp = (timer: TimerRecord, replaced: TimerRecord): TxOp => ({
  op: { Put: { TableName: TABLE, Item: toItem(timer), ...asRead(replaced) } },
  onConditionFailed: TIMER_CHANGED,
});

/** Transaction write: remove the running timer `timer`, as read (the stop that saves it). */
export const deleteTimerOp = (timer: TimerRecord): TxOp => ({
  op: { Delete: { TableName: TABLE, Key: timerKey(timer.userId), ...asRead(timer) } },
  onConditionFailed: TIMER_CHANGED,
});

/** Access pattern: replace the timer `replaced`, as read, without saving it. `false` if it changed meanwhile. */
export async function replaceTimer(timer: TimerRecord, replaced: TimerRecord): Promise<boolean> {
  return conditional(new PutCommand({ TableName: TABLE, Item: toItem(timer), ...asRead(replaced) }));
}

/**
 * Access pattern: pause the timer `timer`, as read and running, at `pausedAt` (Update on its state).
 * `false` if it changed meanwhile (stopped, paused or replaced on another device).
 */
export async function pauseTimer(timer: TimerRecord, pausedAt: string): Promise<boolean> {
  return updateAsRead(timer, 'SET pausedAt = :newPausedAt', { ':newPausedAt': pausedAt });
}

/**
 * Access pattern: resume the timer `timer`, as read and paused, with `pausedMs` as its pauses so far
 * (Update on its state, `pausedAt` removed). `false` if it changed meanwhile.
 */
export async function resumeTimer(timer: TimerRecord, pausedMs: number): Promise<boolean> {
  return updateAsRead(timer, 'SET pausedMs = :newPausedMs REMOVE pausedAt', { ':newPausedMs': pausedMs });
}

/** An Update of the timer on the condition that it is as read; `false` if it changed meanwhile. */
function updateAsRead(timer: TimerRecord, expression: string, values: Record<string, unknown>) {
  const condition = asRead(timer);
  return conditional(
    new UpdateCommand({
      TableName: TABLE,
      Key: timerKey(timer.userId),
      UpdateExpression: expression,
      ...condition,
      ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ...values },
    }),
  );
}

/** Sends a conditional write: `false` when its condition failed, nothing written. */
async function conditional(
  command: InstanceType<typeof PutCommand> | InstanceType<typeof UpdateCommand>,
): Promise<boolean> {
  try {
    await ddb.send(command as InstanceType<typeof PutCommand>);
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Access pattern: discard the running timer (`timerId` given: only that one). Nothing saved. */
export async function deleteTimer(userId: string, timerId?: string): Promise<void> {
  try {
    await ddb.send(
      new DeleteCommand({ TableName: TABLE, Key: timerKey(userId), ...(timerId ? onTimer(timerId) : {}) }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
