import { type EntryKind, entryIndexKeys, entryKey, entryPrefix } from '../core/keys';
import type { TxOp } from '../core/transact';
import { listActivitiesForProject, type PageRequest } from './activity-pages';
import type { ActivityBase, ActivityKind } from './activity-types';
import { createActivity, deleteActivity, getActivity, updateActivity } from './activity-writes';
import type { Contribution } from './rollup-family';
import { taskAttributes, taskPairFromItem } from './task-attributes';

export type { ActivityBase, ActivityKind };

/** A record as the bulk seed hands it over: `version` and the timestamps may be left out. */
export type SeedRecord<R extends ActivityBase> = Omit<R, 'version' | 'createdAt' | 'updatedAt'> &
  Partial<Pick<R, 'version' | 'createdAt' | 'updatedAt'>>;

/** The `yyyy-mm-dd` of an entry's date (the index keys and rollups count by it). */
export const activityDay = (date: string) => date.slice(0, 10);

/**
 * The item attributes every activity has. `version` defaults to 1, `createdAt` to the entry's date
 * and `updatedAt` to `createdAt`.
 */
export function activityItemFields(record: SeedRecord<ActivityBase>): Record<string, unknown> {
  const createdAt = record.createdAt ?? record.date;
  return {
    activityId: record.activityId,
    userId: record.userId,
    projectId: record.projectId,
    ...taskAttributes(record),
    date: record.date,
    day: activityDay(record.date),
    version: record.version ?? 1,
    createdAt,
    updatedAt: record.updatedAt ?? createdAt,
  };
}

/** The fields every activity record has, read from its item. */
export function activityBaseFromItem(item: Record<string, unknown>): ActivityBase {
  return {
    activityId: item.activityId as string,
    userId: item.userId as string,
    projectId: item.projectId as string,
    ...taskPairFromItem(item),
    date: item.date as string,
    version: Number(item.version ?? 1),
    createdAt: item.createdAt as string,
    updatedAt: (item.updatedAt as string) ?? (item.createdAt as string),
  };
}

/** What one kind of activity adds to the totals: its hours, or its income or expense. */
type Amounts = Pick<
  Contribution,
  | 'timeMs'
  | 'incomeCents'
  | 'expenseCents'
  | 'billable'
  | 'tags'
  | 'rollupLevel'
  | 'expense'
  | 'vatCents'
  | 'category'
>;

/** What sets one kind of activity apart from the others. */
export interface KindParts<R extends ActivityBase> {
  /** The item attributes of this kind besides its keys and the shared ones. */
  itemFields(record: SeedRecord<R>): Record<string, unknown>;
  /** The record fields of this kind besides the shared ones, read from its item. */
  recordFields(item: Record<string, unknown>): Omit<R, keyof ActivityBase>;
  /** What one record adds to the totals. */
  amounts(record: R): Amounts;
  /** See `ActivityKind.guards` (none when not given). */
  guards?(record: R): TxOp[];
  /** See `ActivityKind.removals` (none when not given). */
  removals?(record: R): TxOp[];
}

/**
 * The kind of activity stored under `kind`'s prefix: keyed in the user's partition and, by day, in
 * its project's (GSI1); its items and records are the shared fields with those of `parts`. Its
 * `toItem` also takes a record without version or timestamps (the bulk seed's).
 */
export function activityKind<R extends ActivityBase>(
  kind: EntryKind,
  parts: KindParts<R>,
): ActivityKind<R> & { toItem(record: SeedRecord<R>): Record<string, unknown> } {
  const key = (userId: string, activityId: string) => entryKey(kind, userId, activityId);
  return {
    kind,
    sortPrefix: entryPrefix(kind),
    key,
    toItem: (r) => ({
      ...key(r.userId, r.activityId),
      ...entryIndexKeys(kind, r.projectId, activityDay(r.date), r.activityId),
      ...activityItemFields(r),
      ...parts.itemFields(r),
    }),
    fromItem: (item) => ({ ...activityBaseFromItem(item), ...parts.recordFields(item) }) as R,
    contribution: (r) => ({
      kind,
      projectId: r.projectId,
      day: activityDay(r.date),
      task: r.task,
      subTask: r.subTask,
      ...parts.amounts(r),
    }),
    guards: (r) => parts.guards?.(r) ?? [],
    removals: (r) => parts.removals?.(r) ?? [],
  };
}

/**
 * The access patterns of one kind of activity, bound to it:
 * - `get`: one activity of a user (another user's id is simply absent);
 * - `add`: add one with its totals, rollups, task index and count in one transaction (a repeat with
 *   the same id answers the stored entry and counts nothing); `addWith` also writes `extra` (e.g.
 *   the timer the entry came from) in that same transaction;
 * - `change`: edit (or move) one; `change` computes the new record from the current one;
 * - `remove`: delete one and take it out of every total;
 * - `listForProject`: a project's activities, newest first (GSI1 Query, paginated).
 */
export function activityAccess<R extends ActivityBase>(k: ActivityKind<R>) {
  return {
    get: (userId: string, activityId: string) => getActivity(k, userId, activityId),
    add: (record: R, itemLimit: number | undefined) => createActivity(k, record, itemLimit),
    addWith: (record: R, itemLimit: number | undefined, extra: TxOp[]) =>
      createActivity(k, record, itemLimit, extra),
    change: (userId: string, activityId: string, change: (current: R) => R) =>
      updateActivity(k, userId, activityId, change),
    remove: (userId: string, activityId: string) => deleteActivity(k, userId, activityId),
    listForProject: (userId: string, projectId: string, page: PageRequest) =>
      listActivitiesForProject(k, userId, projectId, page),
  };
}
