import { foldTag } from '../../../contract/tags';
import { ddb, QueryCommand, TABLE } from '../core/client';
import { InvalidCursorError } from '../core/errors';
import {
  entryPrefix,
  projectIndexPartition,
  spanRange,
  timesheetPartition,
  userIdOfPartition,
  userPartition,
} from '../core/keys';
import { foldForSearch, type TimeActivityRecord, timeActivityRecordFromItem } from './time-activities';

/**
 * The timesheet: a user's time entries in a day range, newest first, across projects or in one.
 * Across projects it reads GSI2 (`TIMESHEET#<userId>` / `<day>#<id>`); with a project it reads
 * that project's GSI1 range (`PROJECT#<pid>` / `TIME#<day>#<id>`) — either way only the range's
 * entries, never the rest of the history.
 */
export interface TimesheetQuery {
  userId: string;
  /** Inclusive `yyyy-mm-dd` days. */
  startDay: string;
  endDay: string;
  projectId?: string;
  /** Text the task or sub-task must contain (any case). */
  search?: string;
  /** Only entries of these projects (a client's); an empty list finds nothing. */
  projectIds?: string[];
  /** Only entries carrying this tag (any case). */
  tag?: string;
  /** Only billable (true) or unbillable (false) entries. */
  billable?: boolean;
  limit: number;
  cursor?: string;
}

export interface TimesheetPage {
  items: TimeActivityRecord[];
  /** Present while more entries of the range may follow. */
  nextCursor?: string;
}

/**
 * With a text search or a filter, at most this many index entries are read per request: a rare word over a
 * long range then answers a short (even empty) page with a cursor instead of reading on unbounded.
 */
export const MAX_SEARCH_READ = 2000;

interface IndexPlan {
  indexName: 'GSI1' | 'GSI2';
  pkName: string;
  skName: string;
  pk: string;
  from: string;
  to: string;
}

function plan(q: TimesheetQuery): IndexPlan {
  if (q.projectId) {
    return {
      indexName: 'GSI1',
      pkName: 'GSI1PK',
      skName: 'GSI1SK',
      pk: projectIndexPartition(q.projectId),
      ...spanRange(entryPrefix('time'), q.startDay, q.endDay),
    };
  }
  return {
    indexName: 'GSI2',
    pkName: 'GSI2PK',
    skName: 'GSI2SK',
    pk: timesheetPartition(q.userId),
    ...spanRange('', q.startDay, q.endDay),
  };
}

/**
 * The filters of the client, tag and billable choices (FilterExpression parts; their values go
 * into `values`). Entries stored before release 3 have no `billable` attribute: billable.
 */
function entryFilters(q: TimesheetQuery, values: Record<string, unknown>): string[] {
  const filters: string[] = [];
  if (q.projectIds !== undefined) {
    const names = q.projectIds.map((id, i) => {
      values[`:p${i}`] = id;
      return `:p${i}`;
    });
    // DynamoDB takes at most 100 values in one IN.
    const groups: string[] = [];
    for (let i = 0; i < names.length; i += 100)
      groups.push(`projectId IN (${names.slice(i, i + 100).join(', ')})`);
    filters.push(`(${groups.join(' OR ')})`);
  }
  if (q.tag !== undefined) {
    filters.push('contains(tagKeys, :tag)');
    values[':tag'] = foldTag(q.tag);
  }
  if (q.billable !== undefined) {
    values[':billable'] = q.billable;
    filters.push(
      q.billable ? '(attribute_not_exists(billable) OR billable = :billable)' : 'billable = :billable',
    );
  }
  return filters;
}

const encode = (key: Record<string, unknown>) =>
  Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** The start key in a cursor, if it is a key of this user's range on this index; else `undefined`. */
function decode(cursor: string, userId: string, p: IndexPlan): Record<string, string> | undefined {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof key !== 'object' || key === null) return undefined;
    const fields = ['PK', 'SK', p.pkName, p.skName];
    const k = key as Record<string, unknown>;
    if (Object.keys(k).length !== fields.length || !fields.every((f) => typeof k[f] === 'string'))
      return undefined;
    const sk = k[p.skName] as string;
    // On GSI1 the key may be another account's entry where a page stopped at its read bound: it only
    // positions the read, whose filter keeps the caller's own entries.
    const ownKey =
      p.indexName === 'GSI1'
        ? userIdOfPartition(k.PK as string) !== undefined
        : k.PK === userPartition(userId);
    if (!ownKey || k[p.pkName] !== p.pk || sk < p.from || sk > p.to) return undefined;
    if (!(k.SK as string).startsWith(entryPrefix('time'))) return undefined;
    return k as Record<string, string>;
  } catch {
    return undefined;
  }
}

/**
 * Access pattern: one page of the timesheet. Query on the planned index range, descending, with
 * `Limit` = what the page still needs; the filters (`PK` = the caller on GSI1, whose partitions
 * client-chosen project ids could share; `contains(searchText)` for a search) apply within the
 * range only. Without a search a page reads `limit` + 1 index entries (a few more on GSI1 when
 * another user's entries share the project's partition); with one, at most {@link MAX_SEARCH_READ}.
 */
export async function queryTimesheet(q: TimesheetQuery): Promise<TimesheetPage> {
  const p = plan(q);
  let startKey: Record<string, unknown> | undefined;
  if (q.cursor !== undefined) {
    startKey = decode(q.cursor, q.userId, p);
    if (!startKey) throw new InvalidCursorError();
  }
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': p.pk, ':from': p.from, ':to': p.to };
  if (p.indexName === 'GSI1') {
    filters.push('PK = :user');
    values[':user'] = userPartition(q.userId);
  }
  if (q.search) {
    filters.push('contains(searchText, :q)');
    values[':q'] = foldForSearch(q.search);
  }
  filters.push(...entryFilters(q, values));
  const items: TimeActivityRecord[] = [];
  let read = 0;
  do {
    const want = q.limit - items.length;
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: p.indexName,
        KeyConditionExpression: `${p.pkName} = :pk AND ${p.skName} BETWEEN :from AND :to`,
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        // One more than the page needs: if it comes back, more remain and the cursor is the page's
        // last entry; if not, the range is done and no cursor is sent (no empty last page).
        Limit: filters.length ? Math.min(MAX_SEARCH_READ - read, Math.max(want + 1, 200)) : want + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    read += out.ScannedCount ?? 0;
    for (const item of out.Items ?? []) {
      if (items.length < q.limit) items.push(timeActivityRecordFromItem(item));
    }
    startKey = out.LastEvaluatedKey;
    // The read went past the page's last entry; the cursor must then point at that entry, not at
    // the last key read, or the entries after it would be skipped.
    if (items.length === q.limit && out.Items && out.Items.length > 0) {
      const last = items[items.length - 1] as TimeActivityRecord;
      const lastItem = out.Items.find((i) => i.activityId === last.activityId);
      if (lastItem && lastItem !== out.Items[out.Items.length - 1]) {
        startKey = {
          PK: lastItem.PK,
          SK: lastItem.SK,
          [p.pkName]: lastItem[p.pkName],
          [p.skName]: lastItem[p.skName],
        };
      }
    }
    // Bounded with or without a search: a project's index partition may hold another account's
    // entries (projects made before the id guard), which the filter reads and drops (audit fix 1).
  } while (startKey && items.length < q.limit && read < MAX_SEARCH_READ);
  return { items, ...(startKey ? { nextCursor: encode(startKey) } : {}) };
}
