import { foldTag } from '../../../contract/tags';
import { timesheetIndexKeys } from '../core/keys';
import { type ActivityBase, activityAccess, activityDay, activityKind } from './activity-kind';
import { invoiceLockCheck } from './invoice-lock';
import { ROLLUP_LEVEL, rollupLevelOfItem } from './report-rollups';

/**
 * Time activities. Key: `USER#<userId>` / `TIME#<activityId>`; GSI1: `PROJECT#<projectId>` /
 * `TIME#<yyyy-mm-dd>#<activityId>` (a project's entries by date). Every write goes through
 * `./activity-writes.ts`, which keeps totals, rollups, the task index and counters in step.
 */

/** A time activity as stored. */
export interface TimeActivityRecord extends ActivityBase {
  startTime: string | null;
  endTime: string | null;
  /** Milliseconds, a non-negative integer. */
  duration: number;
  /** The invoice that bills it (a draft, sent or paid one); absent or null when none does. */
  invoiceId?: string | null;
  /**
   * Whether the time is billed. Read records always have it (entries stored before release 3 have
   * no attribute: billable); a record built without it (seeds, tests) is stored billable.
   */
  billable?: boolean;
  /** Labels, trimmed, no repeat ignoring case, order kept; none when left out. */
  tags?: string[];
  /**
   * Set only on a record read from an item counted in older report rollups than the current ones
   * (`ROLLUP_LEVEL` in `./report-rollups.ts`): its edit or delete takes out only what it added.
   */
  rollupLevel?: number;
}

/** The folded tags a timesheet `tag` filter matches against (`contains` on a list is exact). */
export const tagKeysOf = (tags: readonly string[]) => tags.map(foldTag);

/**
 * The folded text a timesheet search matches against (`contains` in DynamoDB is case-sensitive):
 * task and sub-task, NFKC-normalised and lower-cased, joined by a line break no query can span.
 */
export const searchTextOf = (task: string, subTask: string) => foldForSearch(`${task}\n${subTask}`);

/** How both the stored search text and a query are folded, so matching ignores case and width. */
export const foldForSearch = (text: string) => text.normalize('NFKC').toLowerCase();

/** How the shared write path stores and counts time activities. */
export const TIME_KIND = activityKind<TimeActivityRecord>('time', {
  itemFields: (r) => ({
    ...timesheetIndexKeys(r.userId, activityDay(r.date), r.activityId),
    searchText: searchTextOf(r.task, r.subTask),
    type: 'TIME',
    startTime: r.startTime,
    endTime: r.endTime,
    duration: r.duration,
    ...(r.invoiceId ? { invoiceId: r.invoiceId } : {}),
    billable: r.billable !== false,
    tags: r.tags ?? [],
    tagKeys: tagKeysOf(r.tags ?? []),
    rollupLevel: r.rollupLevel ?? ROLLUP_LEVEL,
  }),
  recordFields: (item) => ({
    startTime: (item.startTime as string | null) ?? null,
    endTime: (item.endTime as string | null) ?? null,
    duration: Number(item.duration ?? 0),
    invoiceId: (item.invoiceId as string | undefined) ?? null,
    billable: item.billable !== false,
    tags: Array.isArray(item.tags) ? (item.tags as string[]) : [],
    ...(rollupLevelOfItem(item) < ROLLUP_LEVEL ? { rollupLevel: rollupLevelOfItem(item) } : {}),
  }),
  amounts: (r) => ({
    timeMs: r.duration,
    incomeCents: 0,
    expenseCents: 0,
    billable: r.billable,
    tags: r.tags,
    ...(r.rollupLevel !== undefined ? { rollupLevel: r.rollupLevel } : {}),
  }),
  guards: (r) => (r.invoiceId ? [invoiceLockCheck(r.userId, r.invoiceId)] : []),
});

export const timeActivityKey = TIME_KIND.key;

/** The table item of a time activity (pure; the bulk seed uses it). `version`/`createdAt` default. */
export const toTimeActivityItem = TIME_KIND.toItem;

/** The stored record of a time activity item. */
export const timeActivityRecordFromItem = TIME_KIND.fromItem;

/**
 * The access patterns of time activities (see `activityAccess`); `addTimeActivityWith` writes the
 * entry together with other writes, e.g. the timer it came from.
 */
export const {
  get: getTimeActivity,
  add: addTimeActivity,
  addWith: addTimeActivityWith,
  change: changeTimeActivity,
  remove: removeTimeActivity,
  listForProject: listTimeActivitiesForProject,
} = activityAccess<TimeActivityRecord>(TIME_KIND);
