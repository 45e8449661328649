import { ddb, GetCommand, TABLE } from '../core/client';
import { countActivitiesOp } from '../core/counters';
import { WriteConflictError } from '../core/errors';
import { AGAIN, retrying, VERSION_RETRY } from '../core/retry';
import { type TxOp, transact } from '../core/transact';
import type { ActivityBase, ActivityKind } from './activity-types';
import { effectsOf, effectToTxItem, mergeEffects } from './rollups';

/**
 * The one write path of time and finance activities. Each create, edit, move and delete is ONE
 * TransactWriteItems holding the activity write, the ADD deltas on the project totals (both
 * projects on a move), the day and task-day rollups, the task index, and the usage counters — so
 * totals can never drift from the activities, whatever fails or runs at the same time.
 */

export type CreateResult<R> =
  | { status: 'created'; record: R }
  /** The id was already stored (a retried create): the stored entry, counted once. */
  | { status: 'existing'; record: R }
  | { status: 'no-project' }
  | { status: 'limit' }
  /** The condition of one of the caller's `extra` writes failed (its tags in `failed`); nothing written. */
  | { status: 'precondition'; failed: string[] };

export type UpdateResult<R> =
  | { status: 'updated'; record: R }
  | { status: 'not-found' }
  /** The project it was to move into is not the user's. */
  | { status: 'no-project' }
  /** It is on a sent or paid invoice: locked. */
  | { status: 'invoiced' };

export type DeleteResult<R> =
  | { status: 'deleted'; record: R }
  | { status: 'not-found' }
  | { status: 'invoiced' };

const projectTag = (projectId: string) => `project:${projectId}`;

/** When the bounded rounds ran out (only under extreme contention on one entry). */
const tooBusy = () => new WriteConflictError();

function effectOps(effects: ReturnType<typeof effectsOf>): TxOp[] {
  return mergeEffects(effects).map((e) => ({
    op: effectToTxItem(e),
    ...(e.projectId ? { onConditionFailed: projectTag(e.projectId) } : {}),
  }));
}

/** Access pattern: one activity of a user, strongly consistent. */
export async function getActivity<R extends ActivityBase>(
  k: ActivityKind<R>,
  userId: string,
  activityId: string,
): Promise<R | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: k.key(userId, activityId), ConsistentRead: true }),
  );
  return out.Item ? k.fromItem(out.Item) : undefined;
}

/**
 * Adds an activity. The Put's `attribute_not_exists(PK)` makes a repeated create with the same id
 * atomic: the repeat fails that condition, writes nothing and answers the stored entry.
 * `itemLimit` (free users) is a condition on the counters item in the same transaction. `extra`
 * writes (the server timer the entry comes from) join the same transaction, so the entry and they
 * are written together or not at all.
 */
export async function createActivity<R extends ActivityBase>(
  k: ActivityKind<R>,
  record: R,
  itemLimit: number | undefined,
  extra: TxOp[] = [],
): Promise<CreateResult<R>> {
  const { userId } = record;
  return retrying(
    VERSION_RETRY,
    async (): Promise<CreateResult<R> | typeof AGAIN> => {
      const result = await transact([
        {
          op: {
            Put: {
              TableName: TABLE,
              Item: k.toItem(record),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          onConditionFailed: 'exists',
        },
        ...effectOps(effectsOf(userId, k.contribution(record), 1)),
        { op: countActivitiesOp(userId, 1, itemLimit), onConditionFailed: 'limit' },
        ...extra,
      ]);
      if (result.ok) return { status: 'created', record };
      if (result.failed.includes('exists')) {
        const stored = await getActivity(k, userId, record.activityId);
        // Deleted between our write and this read: try the create again.
        if (stored) return { status: 'existing', record: stored };
        return AGAIN;
      }
      if (result.failed.includes(projectTag(record.projectId))) return { status: 'no-project' };
      if (result.failed.includes('limit')) return { status: 'limit' };
      return { status: 'precondition', failed: result.failed };
    },
    tooBusy,
  );
}

/**
 * Edits an activity: reads it, lets `change` compute the new record, and writes the new record
 * with the differences of every total — on the condition that the activity still has the version
 * it read. A concurrent edit that got there first makes the condition fail; the edit is then
 * recomputed from the fresh record, so no change is applied twice or lost.
 */
export async function updateActivity<R extends ActivityBase>(
  k: ActivityKind<R>,
  userId: string,
  activityId: string,
  change: (current: R) => R,
): Promise<UpdateResult<R>> {
  return retrying(
    VERSION_RETRY,
    async (): Promise<UpdateResult<R> | typeof AGAIN> => {
      const current = await getActivity(k, userId, activityId);
      if (!current) return { status: 'not-found' };
      // The new version is counted in the current rollups, whatever the stored one was counted in.
      const { rollupLevel: _counted, ...changed } = change(current) as R & { rollupLevel?: number };
      const next = { ...changed, activityId, userId, version: current.version + 1 } as unknown as R;
      const result = await transact([
        {
          op: {
            Put: {
              TableName: TABLE,
              Item: k.toItem(next),
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': current.version },
            },
          },
          onConditionFailed: 'changed',
        },
        ...effectOps([
          ...effectsOf(userId, k.contribution(current), -1),
          ...effectsOf(userId, k.contribution(next), 1),
        ]),
        ...k.guards(current),
      ]);
      if (result.ok) return { status: 'updated', record: next };
      if (result.failed.includes('invoiced')) return { status: 'invoiced' };
      if (result.failed.includes('changed')) return AGAIN;
      if (next.projectId !== current.projectId && result.failed.includes(projectTag(next.projectId))) {
        return { status: 'no-project' };
      }
      // Its own project is being deleted, and the activity with it.
      return { status: 'not-found' };
    },
    tooBusy,
  );
}

/** Deletes an activity and takes it out of every total and the count, on the version it read. */
export async function deleteActivity<R extends ActivityBase>(
  k: ActivityKind<R>,
  userId: string,
  activityId: string,
): Promise<DeleteResult<R>> {
  return retrying(
    VERSION_RETRY,
    async (): Promise<DeleteResult<R> | typeof AGAIN> => {
      const current = await getActivity(k, userId, activityId);
      if (!current) return { status: 'not-found' };
      const result = await transact([
        {
          op: {
            Delete: {
              TableName: TABLE,
              Key: k.key(userId, activityId),
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': current.version },
            },
          },
          onConditionFailed: 'changed',
        },
        ...effectOps(effectsOf(userId, k.contribution(current), -1)),
        { op: countActivitiesOp(userId, -1) },
        ...k.guards(current),
        ...k.removals(current),
      ]);
      if (result.ok) return { status: 'deleted', record: current };
      if (result.failed.includes('invoiced')) return { status: 'invoiced' };
      if (result.failed.includes('changed')) return AGAIN;
      return { status: 'not-found' };
    },
    tooBusy,
  );
}
