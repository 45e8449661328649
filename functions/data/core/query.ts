import type { QueryCommandInput, ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, QueryCommand, ScanCommand, TABLE } from './client';

/**
 * The one paging loop of the data layer: a Query of the table page by page (`queryPages`), or to
 * its last page (`queryAll`), and the operators' Scan page by page (`scanPages`). A loop that must stop between pages (a time budget) or that hands a
 * cursor to the caller keeps its own.
 */

type Item = Record<string, unknown>;

/** A Query of the table: everything but the table's name and where a page starts. */
export type TableQuery = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** A Query's pages in order; the next is asked for when the caller takes it. */
export async function* queryPages(input: TableQuery): AsyncGenerator<Item[]> {
  let ExclusiveStartKey: Item | undefined;
  do {
    const out = await ddb.send(new QueryCommand({ ...input, TableName: TABLE, ExclusiveStartKey }));
    yield out.Items ?? [];
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Every item of a Query, to the last page. */
export async function queryAll(input: TableQuery): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryPages(input)) items.push(...page);
  return items;
}

/** A Scan of the table: everything but the table's name and where a page starts. */
export type TableScan = Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/**
 * A Scan's pages in order. Only the operators' back-fill scripts scan (every user once); a request
 * never does.
 */
export async function* scanPages(input: TableScan): AsyncGenerator<Item[]> {
  let ExclusiveStartKey: Item | undefined;
  do {
    const out = await ddb.send(new ScanCommand({ ...input, TableName: TABLE, ExclusiveStartKey }));
    yield out.Items ?? [];
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}
