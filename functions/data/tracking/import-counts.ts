import { TABLE } from '../core/client';
import { countActivitiesOp } from '../core/counters';
import { type EntryKind, entryKey, projectKey, projectsRange, userPartition } from '../core/keys';
import { queryAll } from '../core/query';
import { type TxOp, transact } from '../core/transact';

/**
 * What lets a premium account's import write several projects at once (issue 35 item 8): its
 * transactions do not touch the account's counters item, which every one of them would otherwise
 * share (on DynamoDB, transactions on one item at the same moment cancel each other). Each
 * transaction ADDs the entries it creates to their project's `uncountedImports` instead — the
 * project's totals are in the same transaction already — and {@link foldImportCounts} moves those
 * counts into the counters' `activityCount` at the end of the import, one transaction per fold
 * (each project's count REMOVEd on the condition that it still holds what was read, so a count is
 * moved once). An import that stopped before its fold (a crash) leaves the counts on the projects;
 * the next import of the account folds them first. Free accounts keep the counters (with their
 * limit as its condition) in every transaction: their imports are at most the free limit.
 */
export const UNCOUNTED_IMPORTS = 'uncountedImports';

/** The projects (live or being deleted) holding counts not yet folded, as project id → count. */
async function uncountedByProject(userId: string): Promise<Map<string, number>> {
  const range = projectsRange();
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    FilterExpression: '#u > :zero',
    ProjectionExpression: 'projectId, #u',
    ExpressionAttributeNames: { '#u': UNCOUNTED_IMPORTS },
    ExpressionAttributeValues: {
      ':pk': userPartition(userId),
      ':from': range.from,
      ':to': range.to,
      ':zero': 0,
    },
    ConsistentRead: true,
  });
  return new Map(items.map((item) => [String(item.projectId), Number(item[UNCOUNTED_IMPORTS])]));
}

/** Projects folded in one transaction (with the counters item: within DynamoDB's 100). */
const FOLD_PROJECTS = 99;
/** Folds read again after a race with another fold (another import of the account ending). */
const FOLD_ROUNDS = 5;

/**
 * Moves every project's `uncountedImports` into the counters' `activityCount` (see the module
 * comment). Answers how many entries it counted. A fold that lost a race with another reads again.
 */
export async function foldImportCounts(userId: string): Promise<number> {
  let folded = 0;
  for (let round = 0; round < FOLD_ROUNDS; round++) {
    const counts = [...(await uncountedByProject(userId)).entries()];
    if (counts.length === 0) return folded;
    let raced = false;
    for (let i = 0; i < counts.length; i += FOLD_PROJECTS) {
      const part = counts.slice(i, i + FOLD_PROJECTS);
      const sum = part.reduce((n, [, count]) => n + count, 0);
      const ops: TxOp[] = [
        ...part.map(([projectId, count]) => ({
          op: {
            Update: {
              TableName: TABLE,
              Key: projectKey(userId, projectId),
              UpdateExpression: 'REMOVE #u',
              ConditionExpression: '#u = :n',
              ExpressionAttributeNames: { '#u': UNCOUNTED_IMPORTS },
              ExpressionAttributeValues: { ':n': count },
            },
          },
          onConditionFailed: 'raced',
        })),
        { op: countActivitiesOp(userId, sum) },
      ];
      const result = await transact(ops);
      if (result.ok) folded += sum;
      else raced = true;
    }
    if (!raced) return folded;
  }
  return folded;
}

/**
 * The ids among `ids` (of one kind of entry) that are stored in the account: ONE range Query over
 * the entries' keys from the least to the greatest id (keys only), instead of a read per row. Import
 * ids begin with the row's time (`rowId`), so a file's ids span its dates, not the whole history.
 */
export async function storedEntryIds(userId: string, kind: EntryKind, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const sorted = [...ids].sort();
  const from = entryKey(kind, userId, sorted[0] as string).SK;
  const to = entryKey(kind, userId, sorted[sorted.length - 1] as string).SK;
  const prefix = from.slice(0, from.length - (sorted[0] as string).length);
  const wanted = new Set(ids);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ProjectionExpression: 'SK',
    ExpressionAttributeValues: { ':pk': userPartition(userId), ':from': from, ':to': to },
    ConsistentRead: true,
  });
  const stored = new Set<string>();
  for (const item of items) {
    const id = String(item.SK).slice(prefix.length);
    if (wanted.has(id)) stored.add(id);
  }
  return stored;
}
