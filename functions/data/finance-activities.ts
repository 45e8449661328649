import type { ActivityKind } from './activity-kind';
import { type ActivityPage, listActivitiesForProject, type PageRequest } from './activity-pages';
import {
  type CreateResult,
  createActivity,
  type DeleteResult,
  deleteActivity,
  getActivity,
  type UpdateResult,
  updateActivity,
} from './activity-writes';
import { entryIndexKeys, entryKey, entryPrefix } from './keys';

/**
 * Finance activities (income and expenses). Key: `USER#<userId>` / `FIN#<activityId>`; GSI1:
 * `PROJECT#<projectId>` / `FIN#<yyyy-mm-dd>#<activityId>`. The amount is stored as integer cents
 * (`amountCents`); `expense` says which side it is on.
 */
export const financeActivityKey = (userId: string, activityId: string) =>
  entryKey('finance', userId, activityId);

/** A finance activity as stored. */
export interface FinanceActivityRecord {
  activityId: string;
  userId: string;
  projectId: string;
  activity: string;
  description: string;
  /** ISO timestamp of midnight UTC of the entry's day. */
  date: string;
  /** Non-negative integer cents. */
  amountCents: number;
  /** false: income; true: expense. */
  expense: boolean;
  notes: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const day = (date: string) => date.slice(0, 10);

/** The table item of a finance activity (pure; the bulk seed uses it). `version`/`createdAt` default. */
export function toFinanceActivityItem(
  record: Omit<FinanceActivityRecord, 'version' | 'createdAt' | 'updatedAt'> &
    Partial<Pick<FinanceActivityRecord, 'version' | 'createdAt' | 'updatedAt'>>,
): Record<string, unknown> {
  const createdAt = record.createdAt ?? record.date;
  return {
    ...financeActivityKey(record.userId, record.activityId),
    ...entryIndexKeys('finance', record.projectId, day(record.date), record.activityId),
    type: 'FIN',
    activityId: record.activityId,
    userId: record.userId,
    projectId: record.projectId,
    activity: record.activity,
    description: record.description,
    date: record.date,
    day: day(record.date),
    amountCents: record.amountCents,
    expense: record.expense,
    notes: record.notes,
    version: record.version ?? 1,
    createdAt,
    updatedAt: record.updatedAt ?? createdAt,
  };
}

/** The stored record of a finance activity item. */
export function financeActivityRecordFromItem(item: Record<string, unknown>): FinanceActivityRecord {
  return {
    activityId: item.activityId as string,
    userId: item.userId as string,
    projectId: item.projectId as string,
    activity: (item.activity as string) ?? '',
    description: (item.description as string) ?? '',
    date: item.date as string,
    amountCents: Number(item.amountCents ?? 0),
    expense: Boolean(item.expense),
    notes: (item.notes as string) ?? '',
    version: Number(item.version ?? 1),
    createdAt: item.createdAt as string,
    updatedAt: (item.updatedAt as string) ?? (item.createdAt as string),
  };
}

/** How the shared write path stores and counts finance activities. */
export const FINANCE_KIND: ActivityKind<FinanceActivityRecord> = {
  kind: 'finance',
  sortPrefix: entryPrefix('finance'),
  key: financeActivityKey,
  toItem: toFinanceActivityItem,
  fromItem: financeActivityRecordFromItem,
  contribution: (r) => ({
    kind: 'finance',
    projectId: r.projectId,
    day: day(r.date),
    task: r.activity,
    subTask: r.description,
    timeMs: 0,
    incomeCents: r.expense ? 0 : r.amountCents,
    expenseCents: r.expense ? r.amountCents : 0,
  }),
};

/** Access pattern: one finance activity of a user (another user's id is simply absent). */
export const getFinanceActivity = (userId: string, activityId: string) =>
  getActivity(FINANCE_KIND, userId, activityId);

/**
 * Access pattern: add a finance activity with its totals, rollups, task index and count in one
 * transaction. A repeat with the same id answers the stored entry and counts nothing.
 */
export const addFinanceActivity = (
  record: FinanceActivityRecord,
  itemLimit: number | undefined,
): Promise<CreateResult<FinanceActivityRecord>> => createActivity(FINANCE_KIND, record, itemLimit);

/** Access pattern: edit (or move) a finance activity; `change` computes the new record from the current one. */
export const changeFinanceActivity = (
  userId: string,
  activityId: string,
  change: (current: FinanceActivityRecord) => FinanceActivityRecord,
): Promise<UpdateResult<FinanceActivityRecord>> => updateActivity(FINANCE_KIND, userId, activityId, change);

/** Access pattern: delete a finance activity and take it out of every total. */
export const removeFinanceActivity = (
  userId: string,
  activityId: string,
): Promise<DeleteResult<FinanceActivityRecord>> => deleteActivity(FINANCE_KIND, userId, activityId);

/** Access pattern: a project's finance activities, newest first (GSI1 Query, paginated). */
export const listFinanceActivitiesForProject = (
  userId: string,
  projectId: string,
  page: PageRequest,
): Promise<ActivityPage<FinanceActivityRecord>> =>
  listActivitiesForProject(FINANCE_KIND, userId, projectId, page);
