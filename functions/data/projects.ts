import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { centsToAmount } from '../domain/money';
import { ddb, TABLE } from './client';
import { countProjectsOp } from './counters';
import { type TxOp, transact } from './transact';

/**
 * Projects. Key: `USER#<userId>` / `PROJECT#<projectId>`. Totals live on the item as integers
 * (`totalHours` ms, `totalIncomeCents`, `totalExpensesCents`) and are only ever changed by ADD
 * deltas inside the transaction that writes an activity (see `./activity-writes.ts`).
 */
export const projectKey = (userId: string, projectId: string) => ({
  PK: `USER#${userId}`,
  SK: `PROJECT#${projectId}`,
});

/** A project as stored, money in cents. */
export interface ProjectRecord {
  projectId: string;
  userId: string;
  name: string;
  description: string;
  enableEmbedding: boolean;
  totalHours: number;
  totalIncomeCents: number;
  totalExpensesCents: number;
  createdAt: string;
  updatedAt?: string;
}

/** A project as the API shows it: money as decimals exact to the cent, `totalHours` in ms. */
export interface Project {
  _id: string;
  userId: string;
  name: string;
  description: string;
  enableEmbedding: boolean;
  totalHours: number;
  totalIncome: number;
  totalExpenses: number;
  /** Income minus expenses, derived. */
  profitLoss: number;
  createdAt: string;
}

/** The table item of a project (pure; B2's bulk seed uses it with totals it computed itself). */
export function toProjectItem(project: ProjectRecord): Record<string, unknown> {
  return {
    ...projectKey(project.userId, project.projectId),
    type: 'PROJECT',
    projectId: project.projectId,
    userId: project.userId,
    name: project.name,
    description: project.description,
    enableEmbedding: project.enableEmbedding,
    totalHours: project.totalHours,
    totalIncomeCents: project.totalIncomeCents,
    totalExpensesCents: project.totalExpensesCents,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt ?? project.createdAt,
  };
}

/** The stored record of a project item. */
export function projectRecordFromItem(item: Record<string, unknown>): ProjectRecord {
  return {
    projectId: item.projectId as string,
    userId: item.userId as string,
    name: (item.name as string) ?? '',
    description: (item.description as string) ?? '',
    enableEmbedding: Boolean(item.enableEmbedding),
    totalHours: Number(item.totalHours ?? 0),
    totalIncomeCents: Number(item.totalIncomeCents ?? 0),
    totalExpensesCents: Number(item.totalExpensesCents ?? 0),
    createdAt: item.createdAt as string,
    updatedAt: (item.updatedAt as string) ?? (item.createdAt as string),
  };
}

/** The API shape of a project item (used by the project endpoints and the data export). */
export function fromProjectItem(item: Record<string, unknown>): Project {
  const p = projectRecordFromItem(item);
  return {
    _id: p.projectId,
    userId: p.userId,
    name: p.name,
    description: p.description,
    enableEmbedding: p.enableEmbedding,
    totalHours: p.totalHours,
    totalIncome: centsToAmount(p.totalIncomeCents),
    totalExpenses: centsToAmount(p.totalExpensesCents),
    profitLoss: centsToAmount(p.totalIncomeCents - p.totalExpensesCents),
    createdAt: p.createdAt,
  };
}

/** Access pattern: one project of a user (strongly consistent; another user's id is simply absent). */
export async function getProject(userId: string, projectId: string): Promise<ProjectRecord | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: projectKey(userId, projectId), ConsistentRead: true }),
  );
  return out.Item ? projectRecordFromItem(out.Item) : undefined;
}

/**
 * Access pattern: all projects of a user, oldest first (Query on the user's partition, paginated).
 * `SK BETWEEN 'PROJECT#' AND 'PROJECT$'` selects exactly the keys starting `PROJECT#` (`$` sorts
 * right after `#`), as `begins_with` would; DynamoDB Local answers the range much faster.
 */
export async function listProjects(userId: string): Promise<ProjectRecord[]> {
  const projects: ProjectRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':from': 'PROJECT#', ':to': 'PROJECT$' },
        ExclusiveStartKey,
      }),
    );
    for (const item of out.Items ?? []) projects.push(projectRecordFromItem(item));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return projects;
}

/** Why a project write was refused. */
export type ProjectWriteResult = { ok: true } | { ok: false; reason: 'limit' | 'exists' };

/**
 * Access pattern: add a project and count it, in one transaction. `projectLimit` (free users)
 * becomes a condition on the counters item, so two concurrent creates can't both pass the limit.
 */
export async function addProject(
  project: ProjectRecord,
  projectLimit: number | undefined,
): Promise<ProjectWriteResult> {
  const result = await transact([
    {
      op: {
        Put: {
          TableName: TABLE,
          Item: toProjectItem(project),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      onConditionFailed: 'exists',
    },
    { op: countProjectsOp(project.userId, 1, projectLimit), onConditionFailed: 'limit' },
  ]);
  if (result.ok) return { ok: true };
  return { ok: false, reason: result.failed.includes('exists') ? 'exists' : 'limit' };
}

/** The editable fields of a project. */
export interface ProjectChanges {
  name?: string;
  description?: string;
  enableEmbedding?: boolean;
}

/**
 * Access pattern: edit a project's own fields (never its totals). `undefined` when the user has no
 * such project — nothing is written then.
 */
export async function updateProjectFields(
  userId: string,
  projectId: string,
  changes: ProjectChanges,
  now: string,
): Promise<ProjectRecord | undefined> {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':updatedAt': now };
  const sets = ['#updatedAt = :updatedAt'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: projectKey(userId, projectId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? projectRecordFromItem(out.Attributes) : undefined;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/**
 * Removes the project item and uncounts it, in one transaction. Once it is gone, no activity write
 * can touch the project (every activity transaction requires the project item to exist), so its
 * activities and rollups can be removed afterwards without racing new writes. `false` when the
 * user has no such project.
 */
export async function removeProjectItem(userId: string, projectId: string): Promise<boolean> {
  const ops: TxOp[] = [
    {
      op: {
        Delete: {
          TableName: TABLE,
          Key: projectKey(userId, projectId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      onConditionFailed: 'missing',
    },
    { op: countProjectsOp(userId, -1) },
  ];
  const result = await transact(ops);
  return result.ok;
}
