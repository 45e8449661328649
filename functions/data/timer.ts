import { DeleteCommand, ddb, GetCommand, PutCommand, TABLE } from './client';
import { timerKey } from './keys';
import { type TaskPair, taskAttributes, taskPairFromItem } from './task-attributes';
import type { TxOp } from './transact';

/**
 * The running timer: at most one per user, the item `USER#<userId>` / `TIMER`. Each start gets a
 * fresh `timerId` (a ULID); the entry a stop saves takes that id as its own, so the stop's
 * transaction (entry Put `attribute_not_exists` + timer Delete on `timerId`) can succeed once only.
 */
export { timerKey } from './keys';

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
});

function fromItem(item: Record<string, unknown>): TimerRecord {
  return {
    timerId: item.timerId as string,
    userId: item.userId as string,
    projectId: item.projectId as string,
    ...taskPairFromItem(item),
    startedAt: item.startedAt as string,
    day: item.day as string,
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
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: toItem(timer),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

const onTimer = (timerId: string) => ({
  ConditionExpression: 'timerId = :timerId',
  ExpressionAttributeValues: { ':timerId': timerId },
});

/** Tag of a timer condition that failed: the timer was stopped, discarded or replaced meanwhile. */
export const TIMER_CHANGED = 'timer-changed';

/** Transaction write: replace the running timer `replacedId` with `timer` (one item, one key). */
export const replaceTimerOp = (timer: TimerRecord, replacedId: string): TxOp => ({
  op: { Put: { TableName: TABLE, Item: toItem(timer), ...onTimer(replacedId) } },
  onConditionFailed: TIMER_CHANGED,
});

/** Transaction write: remove the running timer `timerId` (the stop that saves it). */
export const deleteTimerOp = (userId: string, timerId: string): TxOp => ({
  op: { Delete: { TableName: TABLE, Key: timerKey(userId), ...onTimer(timerId) } },
  onConditionFailed: TIMER_CHANGED,
});

/** Access pattern: replace the timer `replacedId` without saving it. `false` if it changed meanwhile. */
export async function replaceTimer(timer: TimerRecord, replacedId: string): Promise<boolean> {
  try {
    await ddb.send(new PutCommand({ TableName: TABLE, Item: toItem(timer), ...onTimer(replacedId) }));
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
