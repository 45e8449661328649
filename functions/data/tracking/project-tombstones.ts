import { DeleteCommand, ddb, GetCommand, TABLE } from '../core/client';
import { countProjectsOp } from '../core/counters';
import { tombstoneAttributes } from '../core/deletions';
import { projectKey } from '../core/keys';
import { type TxOp, transact } from '../core/transact';
import { releaseProjectId } from './project-ids';
import { LIVE_PROJECT_CONDITION } from './projects';

/**
 * A project's deletion, as the data layer sees it: the project's state (live, being deleted,
 * gone), its tombstone (`deletedAt`, and how many entries the clean-up has removed so far), and
 * the tombstone's removal once the clean-up is complete (see `../domain/account/deletions.ts`).
 */

/** Whether a project id names a live project, a pending deletion (since `deletedAt`), or nothing of this user. */
export type ProjectState = { state: 'live' } | { state: 'deleting'; deletedAt: string } | { state: 'absent' };

/** Access pattern: the state of one project (strongly consistent GetItem, key and `deletedAt` only). */
export async function getProjectState(userId: string, projectId: string): Promise<ProjectState> {
  const out = await ddb.send(
    new GetCommand({
      TableName: TABLE,
      Key: projectKey(userId, projectId),
      ConsistentRead: true,
      ProjectionExpression: 'PK, deletedAt',
    }),
  );
  if (!out.Item) return { state: 'absent' };
  if (out.Item.deletedAt === undefined) return { state: 'live' };
  return { state: 'deleting', deletedAt: String(out.Item.deletedAt) };
}

/**
 * Deletes a project for every reader at once: ONE transaction turns the project item into a
 * tombstone (`deletedAt`, listed in the pending-deletions index, `removedActivities` 0) and uncounts
 * the project. From then on no read shows it and no activity write can touch it
 * (`LIVE_PROJECT_CONDITION`); its entries, rollups and task index are removed afterwards
 * (`removeProjectData` in `./project-cleanup.ts`), then the tombstone itself
 * ({@link removeProjectTombstone}). `false` when the project is not live (absent or already deleting).
 */
export async function tombstoneProject(userId: string, projectId: string, now: string): Promise<boolean> {
  const key = projectKey(userId, projectId);
  const tombstone = tombstoneAttributes(key, now);
  const ops: TxOp[] = [
    {
      op: {
        Update: {
          TableName: TABLE,
          Key: key,
          UpdateExpression:
            'SET deletedAt = :deletedAt, GSI1PK = :gpk, GSI1SK = :gsk, removedActivities = :zero',
          ConditionExpression: LIVE_PROJECT_CONDITION,
          ExpressionAttributeValues: {
            ':deletedAt': tombstone.deletedAt,
            ':gpk': tombstone.GSI1PK,
            ':gsk': tombstone.GSI1SK,
            ':zero': 0,
          },
        },
      },
      onConditionFailed: 'not-live',
    },
    { op: countProjectsOp(userId, -1) },
  ];
  return (await transact(ops)).ok;
}

/**
 * The transaction item that counts `n` removed entries on a project's tombstone, and only while the
 * tombstone is there: a clean-up whose tombstone was already finished (by a concurrent request or
 * the sweep, or by the account's deletion) fails here and writes nothing.
 */
export function countRemovedOp(userId: string, projectId: string, n: number): TxOp {
  return {
    op: {
      Update: {
        TableName: TABLE,
        Key: projectKey(userId, projectId),
        UpdateExpression: 'ADD removedActivities :n',
        ConditionExpression: 'attribute_exists(deletedAt)',
        ExpressionAttributeValues: { ':n': n },
      },
    },
    onConditionFailed: 'no-tombstone',
  };
}

/**
 * The last step of a project's deletion, once nothing of it is left: removes the tombstone.
 * Answers the number of entries the whole deletion removed, or `undefined` when the tombstone was
 * already gone (another clean-up finished first).
 */
export async function removeProjectTombstone(userId: string, projectId: string): Promise<number | undefined> {
  try {
    const out = await ddb.send(
      new DeleteCommand({
        TableName: TABLE,
        Key: projectKey(userId, projectId),
        ConditionExpression: 'attribute_exists(deletedAt)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    await releaseProjectId(userId, projectId);
    return Number(out.Attributes?.removedActivities ?? 0);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/** The number of entries a pending deletion has removed so far (0 when there is no tombstone). */
export async function removedSoFar(userId: string, projectId: string): Promise<number> {
  const out = await ddb.send(
    new GetCommand({
      TableName: TABLE,
      Key: projectKey(userId, projectId),
      ConsistentRead: true,
      ProjectionExpression: 'removedActivities',
    }),
  );
  return Number(out.Item?.removedActivities ?? 0);
}
