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
import { entryIndexKeys, entryKey, entryPrefix, timesheetIndexKeys } from './keys';
import type { TxOp } from './transact';

/**
 * Time activities. Key: `USER#<userId>` / `TIME#<activityId>`; GSI1: `PROJECT#<projectId>` /
 * `TIME#<yyyy-mm-dd>#<activityId>` (a project's entries by date). Every write goes through
 * `./activity-writes.ts`, which keeps totals, rollups, the task index and counters in step.
 */
export const timeActivityKey = (userId: string, activityId: string) => entryKey('time', userId, activityId);

/** A time activity as stored. */
export interface TimeActivityRecord {
  activityId: string;
  userId: string;
  projectId: string;
  /** The task. */
  activity: string;
  /** The sub-task. */
  description: string;
  /** ISO timestamp of midnight UTC of the entry's day. */
  date: string;
  startTime: string | null;
  endTime: string | null;
  /** Milliseconds, a non-negative integer. */
  duration: number;
  /** Raised on every edit; an edit is written only if the version it read is still current. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

const day = (date: string) => date.slice(0, 10);

/**
 * The folded text a timesheet search matches against (`contains` in DynamoDB is case-sensitive):
 * task and sub-task, NFKC-normalised and lower-cased, joined by a line break no query can span.
 */
export const searchTextOf = (activity: string, description: string) =>
  foldForSearch(`${activity}\n${description}`);

/** How both the stored search text and a query are folded, so matching ignores case and width. */
export const foldForSearch = (text: string) => text.normalize('NFKC').toLowerCase();

/** The table item of a time activity (pure; the bulk seed uses it). `version`/`createdAt` default. */
export function toTimeActivityItem(
  record: Omit<TimeActivityRecord, 'version' | 'createdAt' | 'updatedAt'> &
    Partial<Pick<TimeActivityRecord, 'version' | 'createdAt' | 'updatedAt'>>,
): Record<string, unknown> {
  const createdAt = record.createdAt ?? record.date;
  return {
    ...timeActivityKey(record.userId, record.activityId),
    ...entryIndexKeys('time', record.projectId, day(record.date), record.activityId),
    ...timesheetIndexKeys(record.userId, day(record.date), record.activityId),
    searchText: searchTextOf(record.activity, record.description),
    type: 'TIME',
    activityId: record.activityId,
    userId: record.userId,
    projectId: record.projectId,
    activity: record.activity,
    description: record.description,
    date: record.date,
    day: day(record.date),
    startTime: record.startTime,
    endTime: record.endTime,
    duration: record.duration,
    version: record.version ?? 1,
    createdAt,
    updatedAt: record.updatedAt ?? createdAt,
  };
}

/** The stored record of a time activity item. */
export function timeActivityRecordFromItem(item: Record<string, unknown>): TimeActivityRecord {
  return {
    activityId: item.activityId as string,
    userId: item.userId as string,
    projectId: item.projectId as string,
    activity: (item.activity as string) ?? '',
    description: (item.description as string) ?? '',
    date: item.date as string,
    startTime: (item.startTime as string | null) ?? null,
    endTime: (item.endTime as string | null) ?? null,
    duration: Number(item.duration ?? 0),
    version: Number(item.version ?? 1),
    createdAt: item.createdAt as string,
    updatedAt: (item.updatedAt as string) ?? (item.createdAt as string),
  };
}

/** How the shared write path stores and counts time activities. */
export const TIME_KIND: ActivityKind<TimeActivityRecord> = {
  kind: 'time',
  sortPrefix: entryPrefix('time'),
  key: timeActivityKey,
  toItem: toTimeActivityItem,
  fromItem: timeActivityRecordFromItem,
  contribution: (r) => ({
    kind: 'time',
    projectId: r.projectId,
    day: day(r.date),
    task: r.activity,
    subTask: r.description,
    timeMs: r.duration,
    incomeCents: 0,
    expenseCents: 0,
  }),
};

/**
 * Access pattern: add a time activity together with other writes (`extra`, e.g. the timer it came
 * from), all in the one transaction of the write path.
 */
export const addTimeActivityWith = (
  record: TimeActivityRecord,
  itemLimit: number | undefined,
  extra: TxOp[],
): Promise<CreateResult<TimeActivityRecord>> => createActivity(TIME_KIND, record, itemLimit, extra);

/** Access pattern: one time activity of a user (another user's id is simply absent). */
export const getTimeActivity = (userId: string, activityId: string) =>
  getActivity(TIME_KIND, userId, activityId);

/**
 * Access pattern: add a time activity with its totals, rollups, task index and count in one
 * transaction. A repeat with the same id answers the stored entry and counts nothing.
 */
export const addTimeActivity = (
  record: TimeActivityRecord,
  itemLimit: number | undefined,
): Promise<CreateResult<TimeActivityRecord>> => createActivity(TIME_KIND, record, itemLimit);

/** Access pattern: edit (or move) a time activity; `change` computes the new record from the current one. */
export const changeTimeActivity = (
  userId: string,
  activityId: string,
  change: (current: TimeActivityRecord) => TimeActivityRecord,
): Promise<UpdateResult<TimeActivityRecord>> => updateActivity(TIME_KIND, userId, activityId, change);

/** Access pattern: delete a time activity and take it out of every total. */
export const removeTimeActivity = (
  userId: string,
  activityId: string,
): Promise<DeleteResult<TimeActivityRecord>> => deleteActivity(TIME_KIND, userId, activityId);

/** Access pattern: a project's time activities, newest first (GSI1 Query, paginated). */
export const listTimeActivitiesForProject = (
  userId: string,
  projectId: string,
  page: PageRequest,
): Promise<ActivityPage<TimeActivityRecord>> => listActivitiesForProject(TIME_KIND, userId, projectId, page);
