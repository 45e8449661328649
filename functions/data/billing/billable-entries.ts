import { entryPrefix, projectIndexPartition, spanRange, userPartition } from '../core/keys';
import { queryAll } from '../core/query';
import { type FinanceActivityRecord, financeActivityRecordFromItem } from '../tracking/finance-activities';
import { type TimeActivityRecord, timeActivityRecordFromItem } from '../tracking/time-activities';

/** A filter of the entries a Query finds, with the values and names it uses. */
interface EntryFilter {
  expression: string;
  values?: Record<string, unknown>;
  names?: Record<string, string>;
}

/**
 * Access pattern: the billable time entries of some of a user's projects (a client's) from
 * `startDay` to `endDay` (inclusive `yyyy-mm-dd`), oldest first — what an invoice bills. Per
 * project one Query on GSI1 `PROJECT#<pid>`, `GSI1SK BETWEEN 'TIME#<start>#' AND 'TIME#<end>$'`,
 * filtered to the caller's partition (client-chosen project ids may be shared) and to billable
 * entries (entries stored before release 3 have no attribute: billable). `extraFilter` (with its
 * values) narrows further, e.g. to entries no invoice holds yet.
 */
export async function listBillableEntries(
  userId: string,
  projectIds: readonly string[],
  startDay: string,
  endDay: string,
  extraFilter?: EntryFilter,
): Promise<TimeActivityRecord[]> {
  const items = await projectEntriesInSpan('time', userId, projectIds, startDay, endDay, {
    expression: `(attribute_not_exists(billable) OR billable = :yes)${
      extraFilter ? ` AND (${extraFilter.expression})` : ''
    }`,
    values: { ':yes': true, ...(extraFilter?.values ?? {}) },
    names: extraFilter?.names,
  });
  return items.map(timeActivityRecordFromItem);
}

/**
 * Access pattern: the expenses of some of a user's projects (a client's) from `startDay` to
 * `endDay` (inclusive), what a draft with `includeExpenses` re-bills at cost (CONTRACT §9). Per
 * project one Query on GSI1 `PROJECT#<pid>`, `GSI1SK BETWEEN 'FIN#<start>#' AND 'FIN#<end>$'`,
 * filtered to the caller's partition and to expenses (income is never re-billed).
 */
export async function listPeriodExpenses(
  userId: string,
  projectIds: readonly string[],
  startDay: string,
  endDay: string,
): Promise<FinanceActivityRecord[]> {
  const items = await projectEntriesInSpan('finance', userId, projectIds, startDay, endDay, {
    expression: 'expense = :yes',
    values: { ':yes': true },
  });
  return items.map(financeActivityRecordFromItem);
}

/**
 * The entries of a kind in some projects from `startDay` to `endDay`, project after project: per
 * project one Query on GSI1 over the days' span, filtered to the caller's partition and `filter`.
 */
async function projectEntriesInSpan(
  kind: 'time' | 'finance',
  userId: string,
  projectIds: readonly string[],
  startDay: string,
  endDay: string,
  filter: EntryFilter,
): Promise<Record<string, unknown>[]> {
  const range = spanRange(entryPrefix(kind), startDay, endDay);
  const perProject = await Promise.all(
    projectIds.map((projectId) =>
      queryAll({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
        FilterExpression: `PK = :user AND ${filter.expression}`,
        ExpressionAttributeValues: {
          ':pk': projectIndexPartition(projectId),
          ':from': range.from,
          ':to': range.to,
          ':user': userPartition(userId),
          ...(filter.values ?? {}),
        },
        ...(filter.names ? { ExpressionAttributeNames: filter.names } : {}),
      }),
    ),
  );
  return perProject.flat();
}
