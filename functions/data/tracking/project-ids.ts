import { DeleteCommand, ddb, QueryCommand, TABLE } from '../core/client';
import { projectIdGuardKey, projectIndexPartition, userPartition } from '../core/keys';
import type { TxOp } from '../core/transact';

/**
 * Project ids are unique across accounts (a client may choose one, and ids are public in embed
 * snippets): a guard item `PROJECTID#<id>` claims an id for its owner in the project's own
 * transaction, and is given up when the project's deletion is complete.
 */

/** The transaction op that claims a project id for its owner (or finds it already theirs). */
export function claimProjectIdOp(project: { userId: string; projectId: string }): TxOp {
  return {
    op: {
      Put: {
        TableName: TABLE,
        Item: { ...projectIdGuardKey(project.projectId), userId: project.userId },
        ConditionExpression: 'attribute_not_exists(PK) OR userId = :owner',
        ExpressionAttributeValues: { ':owner': project.userId },
      },
    },
    onConditionFailed: 'taken',
  };
}

/**
 * Whether another account's entries sit in a project id's index partition: the ids of projects
 * made before the id guard existed have no guard item, so their entries tell. Reads one key.
 */
export async function projectIdUsedByOther(userId: string, projectId: string): Promise<boolean> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: TABLE,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :gpk',
      ExpressionAttributeValues: { ':gpk': projectIndexPartition(projectId) },
      ProjectionExpression: 'PK',
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item !== undefined && item.PK !== userPartition(userId);
}

/** Access pattern: give up a project id's guard (the project's deletion is complete). */
export async function releaseProjectId(userId: string, projectId: string): Promise<void> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: TABLE,
        Key: projectIdGuardKey(projectId),
        ConditionExpression: 'userId = :owner',
        ExpressionAttributeValues: { ':owner': userId },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
