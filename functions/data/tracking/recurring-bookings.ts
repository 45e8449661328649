import { deleteItems } from '../core/batch';
import { ddb, GetCommand, TABLE, UpdateCommand } from '../core/client';
import {
  recurringBookedKey,
  recurringBookedRange,
  recurringDueIndexKeys,
  recurringExpenseKey,
  recurringExpensesRange,
} from '../core/keys';
import { queryAll } from '../core/query';
import type { TxOp } from '../core/transact';
import {
  type RecurringExpenseRecord,
  recurringExpenseFromItem,
  removeRecurringExpense,
} from './recurring-expenses';

/**
 * What booking a rule's due date writes besides the expense, in the expense's own transaction
 * (`activity-writes.ts` `extra`): the booked-date key `RECURBOOKED#<ruleId>#<date>` (Put on
 * `attribute_not_exists`: each rule and date booked once, whatever runs twice or at once) and the
 * rule's move to its next due date (on the condition that the rule still has the version and the
 * due date read). So the expense, its mark and the rule's progress are written together or not at all.
 */

/** The tags of the conditions {@link bookingOps} adds (what a failed transaction names). */
export const BOOKED = 'booked';
export const RULE_MOVED = 'rule-moved';

/** The rule's item update that moves `nextDue` from `from` to `to` (null: ended, out of the index). */
function moveOp(rule: RecurringExpenseRecord, from: string, to: string | null) {
  const index = to ? recurringDueIndexKeys(rule.userId, rule.ruleId, to) : undefined;
  return {
    TableName: TABLE,
    Key: recurringExpenseKey(rule.userId, rule.ruleId),
    UpdateExpression: index
      ? 'SET nextDue = :to, GSI1PK = :pk, GSI1SK = :sk'
      : 'SET nextDue = :to REMOVE GSI1PK, GSI1SK',
    ConditionExpression: 'version = :v AND nextDue = :from',
    ExpressionAttributeValues: {
      ':to': to,
      ':from': from,
      ':v': rule.version,
      ...(index ? { ':pk': index.GSI1PK, ':sk': index.GSI1SK } : {}),
    },
  };
}

/** The extra writes of booking `rule`'s due date `due` (its `nextDue`), moving it on to `next`. */
export function bookingOps(
  rule: RecurringExpenseRecord,
  due: string,
  next: string | null,
  activityId: string,
): TxOp[] {
  return [
    {
      op: {
        Put: {
          TableName: TABLE,
          Item: {
            ...recurringBookedKey(rule.userId, rule.ruleId, due),
            type: 'RECURBOOKED',
            ruleId: rule.ruleId,
            dueDate: due,
            activityId,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      onConditionFailed: BOOKED,
    },
    { op: { Update: moveOp(rule, due, next) }, onConditionFailed: RULE_MOVED },
  ];
}

/**
 * Moves a rule's next due date from `from` to `to` without booking (the date was booked already),
 * on the same conditions; false when the rule changed, moved on or went meanwhile.
 */
export async function moveNextDue(
  rule: RecurringExpenseRecord,
  from: string,
  to: string | null,
): Promise<boolean> {
  try {
    await ddb.send(new UpdateCommand(moveOp(rule, from, to)));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Whether the rule's due date `due` has been booked (consistent read of its key). */
export async function isBooked(userId: string, ruleId: string, due: string): Promise<boolean> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: recurringBookedKey(userId, ruleId, due), ConsistentRead: true }),
  );
  return out.Item !== undefined;
}

/** The due dates of a rule booked so far (whichever schedule it had then). */
export async function bookedDates(userId: string, ruleId: string): Promise<Set<string>> {
  const range = recurringBookedRange(ruleId);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': recurringBookedKey(userId, ruleId, '').PK,
      ':from': range.from,
      ':to': range.to,
    },
    ProjectionExpression: 'dueDate',
    ConsistentRead: true,
  });
  return new Set(items.map((i) => i.dueDate as string));
}

/**
 * Removes the rules of a deleted project (each uncounted, in its own transaction) and their
 * booked-date keys: the project's expenses go with it, so nothing is left to guard. Idempotent.
 */
export async function removeProjectRules(userId: string, projectId: string): Promise<number> {
  const range = recurringExpensesRange();
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    FilterExpression: 'projectId = :p',
    ExpressionAttributeValues: {
      ':pk': recurringExpenseKey(userId, '').PK,
      ':from': range.from,
      ':to': range.to,
      ':p': projectId,
    },
    ConsistentRead: true,
  });
  let removed = 0;
  for (const rule of items.map(recurringExpenseFromItem)) {
    if (await removeRecurringExpense(userId, rule.ruleId)) removed++;
    const range = recurringBookedRange(rule.ruleId);
    const marks = await queryAll({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': recurringBookedKey(userId, rule.ruleId, '').PK,
        ':from': range.from,
        ':to': range.to,
      },
      ProjectionExpression: 'PK, SK',
    });
    await deleteItems(marks.map((m) => ({ PK: m.PK, SK: m.SK })));
  }
  return removed;
}
