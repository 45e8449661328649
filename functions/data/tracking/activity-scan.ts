import { ddb, QueryCommand, TABLE } from '../core/client';
import {
  entryKindOfPrefix,
  entrySheetPartition,
  prefixRange,
  projectIndexPartition,
  userPartition,
} from '../core/keys';
import type { ActivityBase, ActivityKind } from './activity-kind';

/**
 * Reading every activity of a kind in order, resumable after any single entry (the exports' pages).
 * With a project: Query GSI1 `PROJECT#<pid>`, GSI1SK BETWEEN `<prefix><from>#` AND `<prefix><to>$`
 * (date order), filtered on `PK = USER#<caller>` (GSI1 partitions may be shared, see README).
 * Without one, `byDate` (the CSV exports): Query GSI2 `TIMESHEET#<id>` or `MONEYSHEET#<id>`, GSI2SK
 * BETWEEN `<from>` AND `<to>$` (the user's entries of that kind by day, then id). Otherwise (the
 * account export, which must hold every entry whatever its index keys): Query `USER#<id>`, SK
 * BETWEEN `<prefix>` AND `<prefix minus '#' plus '$'>` (id order), filtered on `day` when a range is
 * asked.
 */
export interface ScanScope {
  userId: string;
  projectId?: string;
  /** Inclusive `yyyy-mm-dd` bounds. */
  from?: string;
  to?: string;
  /** Without a project: in date order (GSI2) rather than id order (the user's partition). */
  byDate?: boolean;
}

/** The key to start after: the table key, plus the key of the index read (GSI1 or GSI2). */
export type ScanKey = Record<string, string>;

const upper = (prefix: string) => prefixRange(prefix).to;

/** The resumable position of an item (its keys) in the scan of `scope`. */
function positionOf(item: Record<string, unknown>, scope: ScanScope): ScanKey {
  const key: ScanKey = { PK: String(item.PK), SK: String(item.SK) };
  const index = indexOf(scope);
  if (index) {
    key[`${index}PK`] = String(item[`${index}PK`]);
    key[`${index}SK`] = String(item[`${index}SK`]);
  }
  return key;
}

/** The index a scan of `scope` reads, if any. */
const indexOf = (scope: ScanScope) => (scope.projectId ? 'GSI1' : scope.byDate ? 'GSI2' : undefined);

/** Whether a key from a client cursor is a position of this scan (this user, kind and project). */
export function isScanKey(value: unknown, sortPrefix: string, scope: ScanScope): value is ScanKey {
  if (typeof value !== 'object' || value === null) return false;
  const key = value as Record<string, unknown>;
  const kind = entryKindOfPrefix(sortPrefix);
  const index = indexOf(scope);
  const fields = index ? ['PK', 'SK', `${index}PK`, `${index}SK`] : ['PK', 'SK'];
  if (Object.keys(key).length !== fields.length || !fields.every((f) => typeof key[f] === 'string')) {
    return false;
  }
  if (!kind || key.PK !== userPartition(scope.userId) || !(key.SK as string).startsWith(sortPrefix))
    return false;
  if (scope.projectId) {
    return (
      key.GSI1PK === projectIndexPartition(scope.projectId) && (key.GSI1SK as string).startsWith(sortPrefix)
    );
  }
  return !scope.byDate || key.GSI2PK === entrySheetPartition(kind, scope.userId);
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
  let input: ConstructorParameters<typeof QueryCommand>[0];
  if (scope.projectId) {
    input = {
      TableName: TABLE,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :gpk AND GSI1SK BETWEEN :lo AND :hi',
      FilterExpression: 'PK = :pk',
      ExpressionAttributeValues: {
        ':pk': userPartition(scope.userId),
        ':gpk': projectIndexPartition(scope.projectId),
        ':lo': `${k.sortPrefix}${scope.from ?? ''}`,
        ':hi': scope.to ? `${k.sortPrefix}${scope.to}$` : upper(k.sortPrefix),
      },
    };
  } else if (scope.byDate) {
    // The sheet partition is the user's own: no filter, and the range is part of the key condition.
    input = {
      TableName: TABLE,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :gpk AND GSI2SK BETWEEN :lo AND :hi',
      ExpressionAttributeValues: {
        ':gpk': entrySheetPartition(k.kind, scope.userId),
        ':lo': scope.from ?? '0000-00-00',
        ':hi': `${scope.to ?? '9999-99-99'}$`,
      },
    };
  } else {
    const range = scope.from !== undefined || scope.to !== undefined;
    input = {
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
      ...(range
        ? {
            FilterExpression: '#day BETWEEN :from AND :to',
            ExpressionAttributeNames: { '#day': 'day' },
          }
        : {}),
      ExpressionAttributeValues: {
        ':pk': userPartition(scope.userId),
        ':lo': k.sortPrefix,
        ':hi': upper(k.sortPrefix),
        ...(range ? { ':from': scope.from ?? '0000-00-00', ':to': scope.to ?? '9999-99-99' } : {}),
      },
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
