import {
  DELETION_INDEX_PK,
  deletionIndexKeys,
  PROFILE_SK,
  projectIdOfSortKey,
  type TableKey,
  userIdOfPartition,
} from './keys';
import { queryPages } from './query';

/**
 * Pending deletions. A deleted project or account is first turned into a tombstone in one
 * transaction (its own item gets `deletedAt`), which every reader treats as absent; the clean-up of
 * what it owns follows, in the request if it fits its time budget, else in the scheduled sweep.
 * Tombstones also carry `GSI1PK = DELETION` / `GSI1SK = <deletedAt>#<PK>#<SK>`, so the sweep finds
 * every pending deletion, oldest first, with one Query of one index partition instead of a table
 * scan; the partition holds only what is pending (a finished deletion removes its tombstone), so
 * it stays small.
 */
export { DELETION_INDEX_PK } from './keys';

/** The attributes that make an item a tombstone (SET in the deleting transaction). */
export function tombstoneAttributes(key: TableKey, deletedAt: string) {
  return { deletedAt, ...deletionIndexKeys(key, deletedAt) };
}

/** A pending deletion as the sweep sees it. */
export type PendingDeletion =
  | { kind: 'account'; userId: string; deletedAt: string }
  | { kind: 'project'; userId: string; projectId: string; deletedAt: string };

function toPending(item: Record<string, unknown>): PendingDeletion | undefined {
  const sk = String(item.SK);
  const userId = userIdOfPartition(String(item.PK));
  const deletedAt = String(item.deletedAt);
  if (userId === undefined) return undefined;
  if (sk === PROFILE_SK) return { kind: 'account', userId, deletedAt };
  const projectId = projectIdOfSortKey(sk);
  return projectId === undefined ? undefined : { kind: 'project', userId, projectId, deletedAt };
}

/**
 * Access pattern: pending deletions, oldest first, page by page (Query GSI1 `DELETION`, keys and
 * `deletedAt` only). An index read may trail the table by a moment; the clean-up of a tombstone
 * that is already gone finds nothing to do.
 */
export async function* pendingDeletions(pageSize = 50): AsyncGenerator<PendingDeletion[]> {
  const pages = queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': DELETION_INDEX_PK },
    ProjectionExpression: 'PK, SK, deletedAt',
    Limit: pageSize,
  });
  for await (const items of pages) yield items.map(toPending).filter((p) => p !== undefined);
}
