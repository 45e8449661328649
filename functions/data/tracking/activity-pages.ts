import { ddb, QueryCommand, TABLE } from '../core/client';
import { InvalidCursorError } from '../core/errors';
import { projectIndexPartition, userIdOfPartition, userPartition } from '../core/keys';
import type { ActivityBase, ActivityKind } from './activity-types';

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

/** The key in a cursor, if it is a page of this project and kind; else `undefined`. */
export function decodeCursor(
  cursor: string,
  projectId: string,
  sortPrefix: string,
): Record<string, string> | undefined {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const fields = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];
    if (typeof key !== 'object' || key === null || Object.keys(key).length !== fields.length)
      return undefined;
    if (!fields.every((f) => typeof key[f] === 'string')) return undefined;
    // The key may be another account's entry where a page stopped at its read bound (see below): it
    // only positions the read, whose filter keeps the caller's own entries.
    if (userIdOfPartition(key.PK as string) === undefined || key.GSI1PK !== projectIndexPartition(projectId))
      return undefined;
    if (!(key.GSI1SK as string).startsWith(sortPrefix)) return undefined;
    return key as Record<string, string>;
  } catch {
    return undefined;
  }
}

/** The most index entries one request reads, whoever's they are: the page then ends early with a cursor. */
export const MAX_ENTRIES_READ = 2000;
/** Entries asked for per Query at least, so a partition shared with another account is not read 10 at a time. */
const READ_BATCH = 200;

const cursorKeyOf = (item: Record<string, unknown>) => ({
  PK: item.PK,
  SK: item.SK,
  GSI1PK: item.GSI1PK,
  GSI1SK: item.GSI1SK,
});

/**
 * A project's activities of one kind, newest first: GSI1 Query on `PROJECT#<projectId>` with the
 * kind's prefix, descending. The filter on `PK` keeps the answer to the caller's own entries:
 * projects made before the id guard (`projectIdGuardKey`) may share an index partition with
 * another account's. A request reads at most {@link MAX_ENTRIES_READ} entries, so another
 * account's 20,000 entries cannot slow it to the function's timeout (audit fix 1): a page short of
 * `limit` then carries a cursor.
 */
export async function listActivitiesForProject<R extends ActivityBase>(
  k: ActivityKind<R>,
  userId: string,
  projectId: string,
  page: PageRequest,
): Promise<ActivityPage<R>> {
  let startKey: Record<string, unknown> | undefined;
  if (page.cursor !== undefined) {
    startKey = decodeCursor(page.cursor, projectId, k.sortPrefix);
    if (!startKey) throw new InvalidCursorError();
  }
  const items: R[] = [];
  let lastRead: Record<string, unknown> | undefined;
  let read = 0;
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
        Limit: Math.min(MAX_ENTRIES_READ - read, Math.max(page.limit - items.length, READ_BATCH)),
        ExclusiveStartKey: startKey,
      }),
    );
    read += out.ScannedCount ?? 0;
    startKey = out.LastEvaluatedKey;
    for (const item of out.Items ?? []) {
      if (items.length === page.limit && lastRead) {
        // Read past the page's end: the next page starts after its last entry, not after the read.
        return { items, nextCursor: encodeCursor(cursorKeyOf(lastRead)) };
      }
      items.push(k.fromItem(item));
      lastRead = item;
    }
  } while (startKey && items.length < page.limit && read < MAX_ENTRIES_READ);
  return { items, ...(startKey ? { nextCursor: encodeCursor(startKey) } : {}) };
}
