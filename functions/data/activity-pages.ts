import type { ActivityBase, ActivityKind } from './activity-kind';
import { ddb, QueryCommand, TABLE } from './client';
import { InvalidCursorError } from './errors';
import { projectIndexPartition, userPartition } from './keys';

export interface PageRequest {
  /** At most this many entries. */
  limit: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

export interface ActivityPage<R> {
  items: R[];
  /** Present when more entries follow. */
  nextCursor?: string;
}

/** Opaque page cursor: the last evaluated key, base64url JSON. */
function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key in a cursor, if it is one of this user's pages of this project and kind; else `undefined`. */
export function decodeCursor(
  cursor: string,
  userId: string,
  projectId: string,
  sortPrefix: string,
): Record<string, string> | undefined {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const fields = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];
    if (typeof key !== 'object' || key === null || Object.keys(key).length !== fields.length)
      return undefined;
    if (!fields.every((f) => typeof key[f] === 'string')) return undefined;
    if (key.PK !== userPartition(userId) || key.GSI1PK !== projectIndexPartition(projectId)) return undefined;
    if (!(key.GSI1SK as string).startsWith(sortPrefix)) return undefined;
    return key as Record<string, string>;
  } catch {
    return undefined;
  }
}

/**
 * A project's activities of one kind, newest first: GSI1 Query on `PROJECT#<projectId>` with the
 * kind's prefix, descending. The filter on `PK` keeps the answer to the caller's own entries:
 * project ids may be chosen by clients (idempotent creates), so two users' projects can share an
 * index partition.
 */
export async function listActivitiesForProject<R extends ActivityBase>(
  k: ActivityKind<R>,
  userId: string,
  projectId: string,
  page: PageRequest,
): Promise<ActivityPage<R>> {
  let startKey: Record<string, unknown> | undefined;
  if (page.cursor !== undefined) {
    startKey = decodeCursor(page.cursor, userId, projectId, k.sortPrefix);
    if (!startKey) throw new InvalidCursorError();
  }
  const items: R[] = [];
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :gpk AND begins_with(GSI1SK, :prefix)',
        FilterExpression: 'PK = :pk',
        ExpressionAttributeValues: {
          ':gpk': projectIndexPartition(projectId),
          ':prefix': k.sortPrefix,
          ':pk': userPartition(userId),
        },
        ScanIndexForward: false,
        Limit: page.limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) items.push(k.fromItem(item));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < page.limit);
  return { items, ...(startKey ? { nextCursor: encodeCursor(startKey) } : {}) };
}
