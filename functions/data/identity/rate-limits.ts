import { ConditionalCheckFailedException, DeleteCommand, ddb, TABLE, UpdateCommand } from '../core/client';
import { rateCounterKey } from '../core/keys';
import { transact } from '../core/transact';

/**
 * Rate-limit counters: one item per kind, subject and fixed window.
 *   PK=RATE#<kind>#<subject>#<windowStart epoch s>  SK=RATE   {count, expiresAt}
 * A new window is a new key, so nothing has to be reset; TTL (`expiresAt`, the window's end plus a
 * margin) removes old counters.
 */
export interface Window {
  kind: string;
  subject: string;
  limit: number;
  windowSeconds: number;
}

function windowKey(window: Window, nowSeconds: number) {
  const start = Math.floor(nowSeconds / window.windowSeconds) * window.windowSeconds;
  return {
    key: rateCounterKey(window.kind, window.subject, start),
    expiresAt: start + window.windowSeconds + 60,
  };
}

/** The conditional update that takes one slot: the counter rises only while it is below the limit. */
function slotUpdate(window: Window, nowSeconds: number) {
  const { key, expiresAt } = windowKey(window, nowSeconds);
  return {
    TableName: TABLE,
    Key: key,
    UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt',
    ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':one': 1, ':limit': window.limit, ':expiresAt': expiresAt },
  };
}

/** A taken slot in a window; `release` gives it back (e.g. when the login turned out to succeed). */
export interface Slot {
  /** How many slots of the window are taken, this one included. */
  count: number;
  release(): Promise<void>;
}

/**
 * Takes one slot in the current window, atomically: the counter only rises while it is below the
 * limit, so concurrent callers can never get past it. `undefined` when the window is full.
 */
export async function takeSlot(window: Window, nowSeconds: number): Promise<Slot | undefined> {
  const { key } = windowKey(window, nowSeconds);
  let count: number;
  try {
    const out = await ddb.send(
      new UpdateCommand({ ...slotUpdate(window, nowSeconds), ReturnValues: 'UPDATED_NEW' }),
    );
    count = Number(out.Attributes?.count ?? 1);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  return {
    count,
    release: async () => {
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: TABLE,
            Key: key,
            UpdateExpression: 'ADD #count :minusOne',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':minusOne': -1 },
          }),
        );
      } catch (error) {
        // The window's counter already expired: nothing to give back.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
  };
}

/**
 * Takes one slot in every window, all or none, in one transaction: `true` when each had room and
 * now counts one more, `false` when one of them was full and none was touched. Unlike taking slots
 * one by one and giving them back when one was full, a caller refused here took no slot even for a
 * moment, so it never crowds out a parallel caller that would have fitted (issue 35, the mail cap).
 */
export async function takeSlotsTogether(windows: Window[], nowSeconds: number): Promise<boolean> {
  const result = await transact(
    windows.map((window) => ({
      op: { Update: slotUpdate(window, nowSeconds) },
      onConditionFailed: window.kind,
    })),
  );
  return result.ok;
}

/**
 * Removes a subject's counters of the current and the previous window (what TTL has not yet taken):
 * for a subject that is an account's own, when the account is deleted.
 */
export async function dropWindows(window: Omit<Window, 'limit'>, nowSeconds: number): Promise<void> {
  const current = Math.floor(nowSeconds / window.windowSeconds) * window.windowSeconds;
  await Promise.all(
    [current, current - window.windowSeconds].map((start) =>
      ddb.send(
        new DeleteCommand({ TableName: TABLE, Key: rateCounterKey(window.kind, window.subject, start) }),
      ),
    ),
  );
}
