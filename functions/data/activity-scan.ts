import type { ActivityBase, ActivityKind } from './activity-kind';
import { ddb, QueryCommand, TABLE } from './client';
import { prefixRange, projectIndexPartition, userPartition } from './keys';

/**
 * Reading every activity of a kind in order, resumable after any single entry (the exports' pages).
 * Without a project: Query `USER#<id>`, SK BETWEEN `<prefix>` AND `<prefix minus '#' plus '$'>`
 * (the kind's items, in id order), filtered on `day` when a range is asked. With a project: Query
 * GSI1 `PROJECT#<pid>`, GSI1SK BETWEEN `<prefix><from>#` AND `<prefix><to>$` (date order),
 * filtered on `PK = USER#<caller>` (GSI1 partitions may be shared, see README).
 */
export interface ScanScope {
  userId: string;
  projectId?: string;
  /** Inclusive `yyyy-mm-dd` bounds. */
  from?: string;
  to?: string;
}

/** The key to start after: the table key, plus the index key when reading GSI1. */
export type ScanKey = Record<string, string>;

const upper = (prefix: string) => prefixRange(prefix).to;

/** The resumable position of an item (its keys) in the scan of `scope`. */
function positionOf(item: Record<string, unknown>, scope: ScanScope): ScanKey {
  const key: ScanKey = { PK: String(item.PK), SK: String(item.SK) };
  if (scope.projectId) {
    key.GSI1PK = String(item.GSI1PK);
    key.GSI1SK = String(item.GSI1SK);
  }
  return key;
}

/** Whether a key from a client cursor is a position of this scan (this user, kind and project). */
export function isScanKey(value: unknown, sortPrefix: string, scope: ScanScope): value is ScanKey {
  if (typeof value !== 'object' || value === null) return false;
  const key = value as Record<string, unknown>;
  const fields = scope.projectId ? ['PK', 'SK', 'GSI1PK', 'GSI1SK'] : ['PK', 'SK'];
  if (Object.keys(key).length !== fields.length || !fields.every((f) => typeof key[f] === 'string')) {
    return false;
  }
  if (key.PK !== userPartition(scope.userId) || !(key.SK as string).startsWith(sortPrefix)) return false;
  if (scope.projectId) {
    return (
      key.GSI1PK === projectIndexPartition(scope.projectId) && (key.GSI1SK as string).startsWith(sortPrefix)
    );
  }
  return true;
}

/** Items one Query of {@link scanActivities} reads at most. */
const SCAN_QUERY_LIMIT = 500;

/**
 * The activities of `scope`, one at a time with the position to resume after it. `signal` aborts
 * the Query in flight (and keeps the next from starting): the caller's deadline, not DynamoDB's
 * speed, then decides when reading stops.
 */
export async function* scanActivities<R extends ActivityBase>(
  k: ActivityKind<R>,
  scope: ScanScope,
  after?: ScanKey,
  signal?: AbortSignal,
): AsyncGenerator<{ record: R; position: ScanKey }> {
  const values: Record<string, string> = { ':pk': userPartition(scope.userId) };
  const range = scope.from !== undefined || scope.to !== undefined;
  let input: ConstructorParameters<typeof QueryCommand>[0];
  if (scope.projectId) {
    values[':gpk'] = projectIndexPartition(scope.projectId);
    values[':lo'] = `${k.sortPrefix}${scope.from ?? ''}`;
    values[':hi'] = scope.to ? `${k.sortPrefix}${scope.to}$` : upper(k.sortPrefix);
    input = {
      TableName: TABLE,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :gpk AND GSI1SK BETWEEN :lo AND :hi',
      FilterExpression: 'PK = :pk',
      ExpressionAttributeValues: values,
    };
  } else {
    values[':lo'] = k.sortPrefix;
    values[':hi'] = upper(k.sortPrefix);
    values[':from'] = scope.from ?? '0000-00-00';
    values[':to'] = scope.to ?? '9999-99-99';
    input = {
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
      ...(range
        ? { FilterExpression: '#day BETWEEN :from AND :to', ExpressionAttributeNames: { '#day': 'day' } }
        : {}),
      ExpressionAttributeValues: range
        ? values
        : { ':pk': values[':pk'], ':lo': values[':lo'], ':hi': values[':hi'] },
    };
  }
  let startKey: Record<string, unknown> | undefined = after;
  do {
    signal?.throwIfAborted();
    // Small Query pages: an export page checks its time budget between entries, and a 1 MB page
    // (thousands of entries) read on a busy DynamoDB could alone take it past the function's timeout.
    const out = await ddb.send(
      new QueryCommand({ ...input, Limit: SCAN_QUERY_LIMIT, ExclusiveStartKey: startKey }),
      signal ? { abortSignal: signal } : {},
    );
    for (const item of out.Items ?? []) yield { record: k.fromItem(item), position: positionOf(item, scope) };
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}
