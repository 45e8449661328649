import type { ExpenseCategory, RecurrenceInterval } from '../../../contract/enums';
import { ddb, GetCommand, TABLE } from '../core/client';
import { countActivitiesOp } from '../core/counters';
import {
  RECURRING_DUE_INDEX_PK,
  recurringDueIndexKeys,
  recurringDueThrough,
  recurringExpenseKey,
  recurringExpensesRange,
} from '../core/keys';
import { queryAll, queryPages } from '../core/query';
import { transact } from '../core/transact';
import { liveProjectCheck } from './projects';

/**
 * Recurring-expense rules. Key: `USER#<userId>` / `RECURRING#<ruleId>`; while the rule has a next
 * due date, GSI1 `RECURRINGDUE` / `<nextDue>#<userId>#<ruleId>` (the scheduled job reads the rules
 * due through today from it). The expenses a rule books are ordinary finance activities whose id is
 * derived from the rule and the due date, each written with its booked-date key and the rule's move
 * to its next due date in one transaction (`./recurring-bookings.ts`), so each is stored once.
 * A rule counts toward the free items (the counters' `activityCount`, in the same transaction).
 */

export interface RecurringExpenseRecord {
  ruleId: string;
  userId: string;
  projectId: string;
  task: string;
  amountCents: number;
  vatCents: number;
  category: ExpenseCategory;
  interval: RecurrenceInterval;
  /** `yyyy-mm-dd`: the first due date; its day of the month is every due date's. */
  startDate: string;
  /** `yyyy-mm-dd`, inclusive; null: no end. */
  endDate: string | null;
  /** The earliest due date not yet booked; null when the rule has ended. */
  nextDue: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

function toItem(r: RecurringExpenseRecord): Record<string, unknown> {
  return {
    ...recurringExpenseKey(r.userId, r.ruleId),
    ...(r.nextDue ? recurringDueIndexKeys(r.userId, r.ruleId, r.nextDue) : {}),
    type: 'RECURRING',
    ruleId: r.ruleId,
    userId: r.userId,
    projectId: r.projectId,
    activity: r.task,
    amountCents: r.amountCents,
    vatCents: r.vatCents,
    category: r.category,
    interval: r.interval,
    startDate: r.startDate,
    endDate: r.endDate,
    nextDue: r.nextDue,
    version: r.version,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** The record of a rule's item. */
export function recurringExpenseFromItem(item: Record<string, unknown>): RecurringExpenseRecord {
  return {
    ruleId: item.ruleId as string,
    userId: item.userId as string,
    projectId: item.projectId as string,
    task: (item.activity as string) ?? '',
    amountCents: Number(item.amountCents ?? 0),
    vatCents: Number(item.vatCents ?? 0),
    category: item.category as ExpenseCategory,
    interval: item.interval as RecurrenceInterval,
    startDate: item.startDate as string,
    endDate: (item.endDate as string | null) ?? null,
    nextDue: (item.nextDue as string | null) ?? null,
    version: Number(item.version ?? 1),
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
  };
}

/** One of the user's rules (consistent read), or undefined. */
export async function getRecurringExpense(
  userId: string,
  ruleId: string,
): Promise<RecurringExpenseRecord | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: recurringExpenseKey(userId, ruleId), ConsistentRead: true }),
  );
  return out.Item ? recurringExpenseFromItem(out.Item) : undefined;
}

/** The user's rules, oldest first (ULIDs). */
export async function listRecurringExpenses(userId: string): Promise<RecurringExpenseRecord[]> {
  const range = recurringExpensesRange();
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': recurringExpenseKey(userId, '').PK,
      ':from': range.from,
      ':to': range.to,
    },
    ConsistentRead: true,
  });
  return items.map(recurringExpenseFromItem);
}

const projectCheck = (r: RecurringExpenseRecord) => liveProjectCheck(r.userId, r.projectId, 'no-project');

export type RuleWrite = 'ok' | 'exists' | 'limit' | 'no-project' | 'conflict';

/**
 * Adds a rule with the count of the user's items (free: `itemLimit` as its condition) and a check
 * that its project lives, in one transaction.
 */
export async function addRecurringExpense(r: RecurringExpenseRecord, itemLimit?: number): Promise<RuleWrite> {
  const result = await transact([
    {
      op: { Put: { TableName: TABLE, Item: toItem(r), ConditionExpression: 'attribute_not_exists(PK)' } },
      onConditionFailed: 'exists',
    },
    projectCheck(r),
    { op: countActivitiesOp(r.userId, 1, itemLimit), onConditionFailed: 'limit' },
  ]);
  if (result.ok) return 'ok';
  return (['exists', 'no-project', 'limit'] as const).find((f) => result.failed.includes(f)) ?? 'conflict';
}

/** Replaces a rule on the condition that it still has the version `r` was made from (`r.version − 1`). */
export async function replaceRecurringExpense(r: RecurringExpenseRecord): Promise<RuleWrite> {
  const result = await transact([
    {
      op: {
        Put: {
          TableName: TABLE,
          Item: toItem(r),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': r.version - 1 },
        },
      },
      onConditionFailed: 'conflict',
    },
    projectCheck(r),
  ]);
  if (result.ok) return 'ok';
  return result.failed.includes('no-project') ? 'no-project' : 'conflict';
}

/** Deletes a rule and counts it off the user's items; false when there was none. */
export async function removeRecurringExpense(userId: string, ruleId: string): Promise<boolean> {
  const result = await transact([
    {
      op: {
        Delete: {
          TableName: TABLE,
          Key: recurringExpenseKey(userId, ruleId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      onConditionFailed: 'missing',
    },
    { op: countActivitiesOp(userId, -1) },
  ]);
  return result.ok;
}

/** Every rule with a due date on or before `day` (GSI1, earliest first), a page at a time. */
export async function* dueRecurringExpenses(day: string): AsyncGenerator<RecurringExpenseRecord[]> {
  const range = recurringDueThrough(day);
  for await (const page of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': RECURRING_DUE_INDEX_PK, ':from': range.from, ':to': range.to },
  })) {
    yield page.map(recurringExpenseFromItem);
  }
}
