import type {
  FinanceActivityCreate,
  FinanceActivityUpdate,
  TimeActivityCreate,
  TimeActivityUpdate,
} from '../../../contract/activities';
import type { FinanceActivity, TimeActivity } from '../../../contract/responses';
import type { UserRecord } from '../../data/identity/users';
import type { CreateResult } from '../../data/tracking/activity-writes';
import {
  addFinanceActivity,
  changeFinanceActivity,
  getFinanceActivity,
  removeFinanceActivity,
} from '../../data/tracking/finance-activities';
import { isInvoiceLocked } from '../../data/tracking/invoice-lock';
import { getProject } from '../../data/tracking/projects';
import { addTimeActivity, changeTimeActivity, removeTimeActivity } from '../../data/tracking/time-activities';
import { config } from '../../lib/config';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import {
  editedFinanceActivityRecord,
  editedTimeActivityRecord,
  newFinanceActivityRecord,
  newTimeActivityRecord,
} from './activity-records';
import { receiptIdsOf, removeReceiptFiles } from './receipts/files';
import { toFinanceActivity, toTimeActivity } from './responses';

/**
 * Creating, editing and deleting one of the user's time or money entries: the record from
 * `activity-records.ts`, the write from `data/`, and the outcome as the API's answer or error.
 */

export const itemLimitFor = (user: UserRecord) => (user.premium ? undefined : config.freeItemLimit);

type Created<T> = { created: boolean; activity: T };

function createOutcome<R, T>(
  result: Awaited<ReturnType<typeof addTimeActivity>> | Awaited<ReturnType<typeof addFinanceActivity>>,
  show: (r: R) => T,
): Created<T> {
  switch (result.status) {
    case 'created':
      return { created: true, activity: show(result.record as R) };
    case 'existing':
      return { created: false, activity: show(result.record as R) };
    default:
      return refuseCreate(result);
  }
}

/**
 * The error of a create that wrote nothing: the project is not the user's (or is being deleted),
 * the free plan's item limit, or a failed condition of a write the caller added (a plain create
 * adds none; the ones that do check first, so a failure here is a bug).
 */
export function refuseCreate(result: Exclude<CreateResult<unknown>, { record: unknown }>): never {
  switch (result.status) {
    case 'no-project':
      throw new NotFoundError('PROJECT_NOT_FOUND');
    case 'limit':
      throw new ForbiddenError('FREE_ITEM_LIMIT', { values: { limit: config.freeItemLimit } });
    case 'precondition':
      throw new Error(`Unexpected failed condition: ${result.failed.join(', ')}`);
  }
}

/** Records a time entry for one of the user's projects (idempotent on a client `_id`). */
export async function createTimeActivity(
  user: UserRecord,
  input: TimeActivityCreate,
  now = new Date(),
): Promise<Created<TimeActivity>> {
  let billableByDefault = true;
  if (input.billable === undefined) {
    // Not given: the project's default. A missing project fails the write below (404) anyway.
    billableByDefault = (await getProject(user._id, input.projectId))?.billableByDefault !== false;
  }
  const record = newTimeActivityRecord(user._id, input, now, billableByDefault);
  return createOutcome(await addTimeActivity(record, itemLimitFor(user)), toTimeActivity);
}

/** Records an income or expense for one of the user's projects (idempotent on a client `_id`). */
export async function createFinanceActivity(
  user: UserRecord,
  input: FinanceActivityCreate,
  now = new Date(),
): Promise<Created<FinanceActivity>> {
  const record = newFinanceActivityRecord(user._id, input, now);
  return createOutcome(await addFinanceActivity(record, itemLimitFor(user)), toFinanceActivity);
}

/** Edits (or moves) one of the user's time entries; another user's id is a 404. */
export async function updateTimeActivity(
  user: UserRecord,
  activityId: string,
  input: TimeActivityUpdate,
  now = new Date(),
): Promise<TimeActivity> {
  const result = await changeTimeActivity(user._id, activityId, (current) =>
    editedTimeActivityRecord(current, input, now),
  );
  if (result.status === 'updated') return toTimeActivity(result.record);
  if (result.status === 'no-project') throw new NotFoundError('PROJECT_NOT_FOUND');
  if (result.status === 'invoiced') throw new ConflictError('ENTRY_INVOICED');
  throw new NotFoundError('TIME_ACTIVITY_NOT_FOUND');
}

/** Edits (or moves) one of the user's finance entries; another user's id is a 404. */
export async function updateFinanceActivity(
  user: UserRecord,
  activityId: string,
  input: FinanceActivityUpdate,
  now = new Date(),
): Promise<FinanceActivity> {
  const result = await changeFinanceActivity(user._id, activityId, (current) =>
    editedFinanceActivityRecord(current, input, now),
  );
  if (result.status === 'updated') return toFinanceActivity(result.record);
  if (result.status === 'no-project') throw new NotFoundError('PROJECT_NOT_FOUND');
  // An expense re-billed on a sent or paid invoice (CONTRACT §9 `includeExpenses`).
  if (result.status === 'invoiced') throw new ConflictError('ENTRY_INVOICED');
  throw new NotFoundError('FINANCE_ACTIVITY_NOT_FOUND');
}

/** Deletes one of the user's time entries. */
export async function deleteTimeActivity(user: UserRecord, activityId: string) {
  const result = await removeTimeActivity(user._id, activityId);
  if (result.status === 'invoiced') throw new ConflictError('ENTRY_INVOICED');
  if (result.status !== 'deleted') throw new NotFoundError('TIME_ACTIVITY_NOT_FOUND');
  return { msg: 'Time activity removed', _id: activityId };
}

/**
 * Deletes one of the user's finance entries with its receipts. The receipts' files go first, then
 * the entry with its receipt items (one transaction): a failure between the two leaves the entry,
 * so the DELETE tried again finds its receipts and removes what is left. Files of receipts added
 * between the read and the transaction go after it.
 */
export async function deleteFinanceActivity(user: UserRecord, activityId: string) {
  const current = await getFinanceActivity(user._id, activityId);
  // An expense re-billed on a sent or paid invoice keeps its receipts: refused before they go.
  if (current?.invoiceId && (await isInvoiceLocked(user._id, current.invoiceId))) {
    throw new ConflictError('ENTRY_INVOICED');
  }
  const filesFirst = receiptIdsOf(current);
  await removeReceiptFiles(user._id, filesFirst);
  const result = await removeFinanceActivity(user._id, activityId);
  if (result.status === 'invoiced') throw new ConflictError('ENTRY_INVOICED');
  if (result.status !== 'deleted') throw new NotFoundError('FINANCE_ACTIVITY_NOT_FOUND');
  const added = receiptIdsOf(result.record).filter((id) => !filesFirst.includes(id));
  await removeReceiptFiles(user._id, added);
  return { msg: 'Finance activity removed', _id: activityId };
}
