import { ulid } from 'ulid';
import { centsToAmount } from '../../../../contract/money';
import type {
  RecurringExpense,
  RecurringExpenseCreate,
  RecurringExpenseUpdate,
} from '../../../../contract/recurring';
import { getCounters } from '../../../data/core/counters';
import type { UserRecord } from '../../../data/identity/users';
import { bookedDates } from '../../../data/tracking/recurring-bookings';
import {
  addRecurringExpense,
  getRecurringExpense,
  listRecurringExpenses,
  type RecurringExpenseRecord,
  removeRecurringExpense,
  replaceRecurringExpense,
} from '../../../data/tracking/recurring-expenses';
import { budgetOf, REQUEST_BUDGET_MS } from '../../../lib/budget';
import { config } from '../../../lib/config';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../lib/errors';
import { itemLimitFor } from '../activities';
import { bookDueDates } from './booking';
import { dueDatesBetween, dueOnOrAfter, nextDay } from './schedule';

/**
 * The user's recurring-expense rules (CONTRACT §9): list, create, edit, delete. Creating or
 * editing a rule books its due dates up to today at once (within the request's budget; the hourly
 * job finishes what does not fit); deleting it keeps what it booked. Rules count toward a free
 * account's items, and so does each expense they book: a free account that could not hold them all
 * is refused (403 `FREE_ITEM_LIMIT`) before anything is stored. "Today" is the UTC day.
 */

export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export function toRecurringExpense(r: RecurringExpenseRecord): RecurringExpense {
  return {
    _id: r.ruleId,
    projectId: r.projectId,
    activity: r.task,
    amount: centsToAmount(r.amountCents),
    vatAmount: centsToAmount(r.vatCents),
    category: r.category,
    interval: r.interval,
    startDate: r.startDate,
    endDate: r.endDate,
    nextDue: r.nextDue,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

const notFound = () => new NotFoundError('RECURRING_EXPENSE_NOT_FOUND');
const limitReached = () => new ForbiddenError('FREE_ITEM_LIMIT', { values: { limit: config.freeItemLimit } });

function checkDates(startDate: string, endDate: string | null) {
  if (endDate !== null && endDate < startDate) {
    throw new ValidationError('END_BEFORE_START_DATE', { param: 'endDate' });
  }
}

/**
 * The earliest due date not booked yet: the first of the dates through `today` missing from
 * `booked`, else the first after today (null when the rule has ended).
 */
export function firstUnbooked(
  rule: RecurringExpenseRecord,
  today: string,
  booked: Set<string>,
): string | null {
  const missing = dueDatesBetween(rule, rule.startDate, today).find((d) => !booked.has(d));
  // Before the start date this is the start date itself (`dueOnOrAfter` of an earlier day).
  return missing ?? dueOnOrAfter(rule, nextDay(today));
}

/** A free account must have room for the rule's new items (`extra`) and the dates it books now. */
async function checkRoom(user: UserRecord, extra: number, toBook: number) {
  const limit = itemLimitFor(user);
  if (limit === undefined) return;
  const { activityCount } = await getCounters(user._id);
  if (activityCount + extra + toBook > limit) throw limitReached();
}

/** Books what is due now and answers the rule as it then stands. */
async function bookNow(user: UserRecord, rule: RecurringExpenseRecord, now: Date): Promise<RecurringExpense> {
  const outcome = await bookDueDates(rule, dayOf(now), itemLimitFor(user), budgetOf(REQUEST_BUDGET_MS), now);
  // What was booked stays booked; the same request again (or the hourly job) books the rest.
  if (outcome.stopped === 'error') throw outcome.error;
  return toRecurringExpense((await getRecurringExpense(user._id, rule.ruleId)) ?? rule);
}

/** `GET /api/recurringexpenses`: the user's rules, oldest first. */
export async function listUserRecurringExpenses(user: UserRecord): Promise<RecurringExpense[]> {
  return (await listRecurringExpenses(user._id)).map(toRecurringExpense);
}

/** `POST /api/recurringexpenses`: 201 with the rule; the same `_id` again: 200 with the stored one. */
export async function createRecurringExpense(
  user: UserRecord,
  input: RecurringExpenseCreate,
  now = new Date(),
): Promise<{ created: boolean; rule: RecurringExpense }> {
  const endDate = input.endDate ?? null;
  checkDates(input.startDate, endDate);
  const stamp = now.toISOString();
  const record: RecurringExpenseRecord = {
    ruleId: input._id ?? ulid(now.getTime()),
    userId: user._id,
    projectId: input.projectId,
    task: input.activity,
    amountCents: input.amount,
    vatCents: input.vatAmount ?? 0,
    category: input.category ?? 'other',
    interval: input.interval,
    startDate: input.startDate,
    endDate,
    nextDue: dueOnOrAfter({ interval: input.interval, startDate: input.startDate, endDate }, input.startDate),
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
  const stored = input._id ? await getRecurringExpense(user._id, input._id) : undefined;
  // A retried create finishes the booking the first one may not have finished.
  if (stored) return { created: false, rule: await bookNow(user, stored, now) };
  await checkRoom(user, 1, dueDatesBetween(record, record.startDate, dayOf(now)).length);
  const result = await addRecurringExpense(record, itemLimitFor(user));
  if (result === 'no-project') throw new NotFoundError('PROJECT_NOT_FOUND');
  if (result === 'limit') throw limitReached();
  if (result === 'exists') {
    const again = await getRecurringExpense(user._id, record.ruleId);
    if (again) return { created: false, rule: await bookNow(user, again, now) };
  }
  if (result !== 'ok') throw new ConflictError('WRITE_CONFLICT');
  return { created: true, rule: await bookNow(user, record, now) };
}

/**
 * `PUT /api/recurringexpenses/{id}`: the fields given change; dates already booked stay as they
 * were booked, and the new schedule's dates up to today not booked yet are booked now.
 */
export async function updateRecurringExpense(
  user: UserRecord,
  ruleId: string,
  input: RecurringExpenseUpdate,
  now = new Date(),
): Promise<RecurringExpense> {
  const current = await getRecurringExpense(user._id, ruleId);
  if (!current) throw notFound();
  const changed: RecurringExpenseRecord = {
    ...current,
    projectId: input.projectId ?? current.projectId,
    task: input.activity ?? current.task,
    amountCents: input.amount ?? current.amountCents,
    vatCents: input.vatAmount ?? current.vatCents,
    category: input.category === undefined ? current.category : (input.category ?? 'other'),
    interval: input.interval ?? current.interval,
    startDate: input.startDate ?? current.startDate,
    endDate: input.endDate === undefined ? current.endDate : input.endDate,
    version: current.version + 1,
    updatedAt: now.toISOString(),
  };
  checkDates(changed.startDate, changed.endDate);
  const today = dayOf(now);
  const booked = await bookedDates(user._id, ruleId);
  const next = { ...changed, nextDue: firstUnbooked(changed, today, booked) };
  await checkRoom(user, 0, dueDatesBetween(next, next.startDate, today).filter((d) => !booked.has(d)).length);
  const result = await replaceRecurringExpense(next);
  if (result === 'no-project') throw new NotFoundError('PROJECT_NOT_FOUND');
  if (result !== 'ok') throw new ConflictError('WRITE_CONFLICT');
  return bookNow(user, next, now);
}

/** `DELETE /api/recurringexpenses/{id}`: the rule goes (uncounted); the expenses it booked stay. */
export async function deleteRecurringExpense(user: UserRecord, ruleId: string) {
  if (!(await removeRecurringExpense(user._id, ruleId))) throw notFound();
  return { msg: 'Recurring expense removed', _id: ruleId };
}
