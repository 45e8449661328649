import type { StoredBudget } from '../../../contract/budgets';
import { ddb, GetCommand, TABLE, UpdateCommand } from '../core/client';
import { countProjectsOp } from '../core/counters';
import { clientKey, projectKey, projectsRange, userPartition } from '../core/keys';
import { queryAll } from '../core/query';
import { type TxOp, transact } from '../core/transact';
import { budgetAttributes, budgetFromItem, editClauses } from './project-budget';
import { claimProjectIdOp } from './project-ids';

/**
 * Projects. Key: `USER#<userId>` / `PROJECT#<projectId>`. Totals live on the item as integers
 * (`totalHours` ms, `totalIncomeCents`, `totalExpensesCents`) and are only ever changed by ADD
 * deltas inside the transaction that writes an activity (see `./activity-writes.ts`).
 */
export { projectKey } from '../core/keys';

/**
 * The condition every write into a project carries (activity transactions, edits): the project
 * exists and is not being deleted. A deleted project stays as a tombstone (`deletedAt`) until its
 * clean-up is done, so this condition, not the item's presence, is what shuts writes out at once.
 */
export const LIVE_PROJECT_CONDITION = 'attribute_exists(PK) AND attribute_not_exists(deletedAt)';

/**
 * The transaction item that makes a write elsewhere (a receipt, a recurring expense) depend on its
 * project being live; `failed` names it in the transaction's answer.
 */
export const liveProjectCheck = (userId: string, projectId: string, failed: string): TxOp => ({
  op: {
    ConditionCheck: {
      TableName: TABLE,
      Key: projectKey(userId, projectId),
      ConditionExpression: LIVE_PROJECT_CONDITION,
    },
  },
  onConditionFailed: failed,
});

/** A project as stored, money in cents. */
export interface ProjectRecord {
  projectId: string;
  userId: string;
  name: string;
  description: string;
  enableEmbedding: boolean;
  /** Time tracked on the project, in milliseconds (the item's `totalHours`, the API's name). */
  totalMs: number;
  totalIncomeCents: number;
  totalExpensesCents: number;
  /** The project's hourly rate in cents, or null when it has none. */
  hourlyRateCents?: number | null;
  /** Its budget (amount in ms or cents), or null when it has none. */
  budget?: StoredBudget | null;
  /** The target hourly rate in cents, or null when it has none. */
  targetRateCents?: number | null;
  /** The client billed for the project, or null. */
  clientId?: string | null;
  /** Whether new time is billable unless an entry says otherwise (absent on old items: true). */
  billableByDefault?: boolean;
  createdAt: string;
  updatedAt?: string;
}

/** The table item of a project (pure; the bulk seed uses it with totals it computed itself). */
export function toProjectItem(project: ProjectRecord): Record<string, unknown> {
  return {
    ...projectKey(project.userId, project.projectId),
    type: 'PROJECT',
    projectId: project.projectId,
    userId: project.userId,
    name: project.name,
    description: project.description,
    enableEmbedding: project.enableEmbedding,
    totalHours: project.totalMs,
    totalIncomeCents: project.totalIncomeCents,
    totalExpensesCents: project.totalExpensesCents,
    hourlyRateCents: project.hourlyRateCents ?? null,
    ...budgetAttributes(project),
    clientId: project.clientId ?? null,
    billableByDefault: project.billableByDefault ?? true,
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
    totalMs: Number(item.totalHours ?? 0),
    totalIncomeCents: Number(item.totalIncomeCents ?? 0),
    totalExpensesCents: Number(item.totalExpensesCents ?? 0),
    hourlyRateCents:
      item.hourlyRateCents === undefined || item.hourlyRateCents === null
        ? null
        : Number(item.hourlyRateCents),
    budget: budgetFromItem(item),
    targetRateCents: typeof item.targetRateCents === 'number' ? item.targetRateCents : null,
    clientId: typeof item.clientId === 'string' ? item.clientId : null,
    billableByDefault: item.billableByDefault !== false,
    createdAt: item.createdAt as string,
    updatedAt: (item.updatedAt as string) ?? (item.createdAt as string),
  };
}

/**
 * Access pattern: one project of a user (strongly consistent; another user's id is simply absent,
 * and so is a project being deleted).
 */
export async function getProject(userId: string, projectId: string): Promise<ProjectRecord | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: projectKey(userId, projectId), ConsistentRead: true }),
  );
  return out.Item && out.Item.deletedAt === undefined ? projectRecordFromItem(out.Item) : undefined;
}

/**
 * The items of the Query over a user's projects that `filter` keeps (only the `projection`
 * attributes when given), every page of it. A range Query (`projectsRange`) rather than
 * `begins_with`, which DynamoDB Local answers slowly.
 */
async function queryProjectItems(
  userId: string,
  filter: string,
  projection?: string,
): Promise<Record<string, unknown>[]> {
  const range = projectsRange();
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    FilterExpression: filter,
    ...(projection ? { ProjectionExpression: projection } : {}),
    ExpressionAttributeValues: { ':pk': userPartition(userId), ':from': range.from, ':to': range.to },
  });
}

/** Access pattern: all projects of a user, oldest first (Query on the user's partition, paginated). */
export async function listProjects(userId: string): Promise<ProjectRecord[]> {
  // Tombstones of projects being deleted are not projects any more.
  const items = await queryProjectItems(userId, 'attribute_not_exists(deletedAt)');
  return items.map(projectRecordFromItem);
}

/**
 * Access pattern: the ids of a user's projects whose deletion is pending (the same Query as the
 * projects, keeping only tombstones). Readers of items that span projects (the task index) leave
 * these projects out.
 */
export async function listDeletingProjectIds(userId: string): Promise<Set<string>> {
  const items = await queryProjectItems(userId, 'attribute_exists(deletedAt)', 'projectId');
  return new Set(items.map((item) => String(item.projectId)));
}

/** Why a project write was refused: `taken` = another account uses the id. */
export type ProjectWriteResult =
  | { ok: true }
  | { ok: false; reason: 'limit' | 'exists' | 'taken' | 'no-client' };

/**
 * The transaction item that makes a project write depend on its client still being there, so a
 * project can never point at a client deleted at the same moment.
 */
const clientExistsOp = (userId: string, clientId: string): TxOp => ({
  op: {
    ConditionCheck: {
      TableName: TABLE,
      Key: clientKey(userId, clientId),
      ConditionExpression: 'attribute_exists(PK)',
    },
  },
  onConditionFailed: 'no-client',
});

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
    claimProjectIdOp(project),
    ...(project.clientId ? [clientExistsOp(project.userId, project.clientId)] : []),
  ]);
  if (result.ok) return { ok: true };
  if (result.failed.includes('taken')) return { ok: false, reason: 'taken' };
  if (result.failed.includes('exists')) return { ok: false, reason: 'exists' };
  return { ok: false, reason: result.failed.includes('no-client') ? 'no-client' : 'limit' };
}

/** The editable fields of a project. */
export interface ProjectChanges {
  name?: string;
  description?: string;
  enableEmbedding?: boolean;
  /** Cents, or null to remove the rate. */
  hourlyRateCents?: number | null;
  /** The budget, or null to remove it. */
  budget?: StoredBudget | null;
  /** Cents, or null to remove the target. */
  targetRateCents?: number | null;
  /** A client of the user (checked in the same write), or null for none. */
  clientId?: string | null;
  billableByDefault?: boolean;
}

/**
 * Access pattern: edit a project's own fields (never its totals). `undefined` when the user has no
 * such project, `'no-client'` when the client it is to belong to is not the user's — nothing is
 * written then. A new client is checked in the same transaction as the edit.
 */
export async function updateProjectFields(
  userId: string,
  projectId: string,
  changes: ProjectChanges,
  now: string,
): Promise<ProjectRecord | 'no-client' | undefined> {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':updatedAt': now };
  const sets = ['#updatedAt = :updatedAt'];
  const { set, remove } = editClauses(changes);
  for (const [field, value] of Object.entries(set)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  for (const field of remove) names[`#${field}`] = field;
  const removal = remove.length > 0 ? ` REMOVE ${remove.map((f) => `#${f}`).join(', ')}` : '';
  const update = {
    TableName: TABLE,
    Key: projectKey(userId, projectId),
    UpdateExpression: `SET ${sets.join(', ')}${removal}`,
    ConditionExpression: LIVE_PROJECT_CONDITION,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  if (changes.clientId) {
    // A new client: the edit and the check that the client exists are one transaction.
    const result = await transact([
      { op: { Update: update }, onConditionFailed: 'no-project' },
      clientExistsOp(userId, changes.clientId),
    ]);
    if (!result.ok) return result.failed.includes('no-client') ? 'no-client' : undefined;
    return getProject(userId, projectId);
  }
  try {
    const out = await ddb.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
    return out.Attributes ? projectRecordFromItem(out.Attributes) : undefined;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}
