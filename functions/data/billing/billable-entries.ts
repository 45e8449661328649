import { entryPrefix, projectIndexPartition, spanRange, userPartition } from '../core/keys';
import { queryAll } from '../core/query';
import { type FinanceActivityRecord, financeActivityRecordFromItem } from '../tracking/finance-activities';
import { type TimeActivityRecord, timeActivityRecordFromItem } from '../tracking/time-activities';

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
  extraFilter?: { expression: string; values?: Record<string, unknown>; names?: Record<string, string> },
): Promise<TimeActivityRecord[]> {
  const perProject = await Promise.all(
    projectIds.map(async (projectId) => {
      const range = spanRange(entryPrefix('time'), startDay, endDay);
      const items = await queryAll({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
        FilterExpression: `PK = :user AND (attribute_not_exists(billable) OR billable = :yes)${
          extraFilter ? ` AND (${extraFilter.expression})` : ''
        }`,
        ExpressionAttributeValues: {
          ':pk': projectIndexPartition(projectId),
          ':from': range.from,
          ':to': range.to,
          ':user': userPartition(userId),
          ':yes': true,
          ...(extraFilter?.values ?? {}),
        },
        ...(extraFilter?.names ? { ExpressionAttributeNames: extraFilter.names } : {}),
      });
      return items.map(timeActivityRecordFromItem);
    }),
  );
  return perProject.flat();
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
  const perProject = await Promise.all(
    projectIds.map(async (projectId) => {
      const range = spanRange(entryPrefix('finance'), startDay, endDay);
      const items = await queryAll({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
        FilterExpression: 'PK = :user AND expense = :yes',
        ExpressionAttributeValues: {
          ':pk': projectIndexPartition(projectId),
          ':from': range.from,
          ':to': range.to,
          ':user': userPartition(userId),
          ':yes': true,
        },
      });
      return items.map(financeActivityRecordFromItem);
    }),
  );
  return perProject.flat();
}
