/**
 * The keys' common ground (`keys.ts` re-exports it): the user's partition, ranges, entry kinds.
 *
 * Every key of the single table, and the only place that spells a key prefix. The entity modules
 * build their items and queries with these functions; nothing else writes `USER#…`, `PROJECT#…` or
 * a rollup key by hand. The table of items is in `./README.md`.
 *
 * Ranges: a Query `SK BETWEEN from AND to` with `to` = the prefix with its last `#` replaced by `$`
 * selects exactly the keys starting with the prefix, because `$` (0x24) sorts right after `#`
 * (0x23). It is used instead of `begins_with`, which DynamoDB Local answers by walking the whole
 * partition (at 100,000 entries that alone spends a request's budget).
 */

export type TableKey = { PK: string; SK: string };

/** One string per item (partition and sort key), for maps and sets of items. */
export const itemId = (key: TableKey) => `${key.PK}\u0000${key.SK}`;

/** An inclusive sort-key range for `BETWEEN :from AND :to`. */
export type KeyRange = { from: string; to: string };

const USER = 'USER#';

/** The partition of everything one user owns (export and account deletion are one Query on it). */
export const userPartition = (userId: string) => `${USER}${userId}`;

/** The user id of a key in a user's partition; `undefined` for any other partition. */
export function userIdOfPartition(pk: string): string | undefined {
  return pk.startsWith(USER) ? pk.slice(USER.length) : undefined;
}

/** The range of every key that starts with `prefix`, which must end in `#` (see above). */
export function prefixRange(prefix: string): KeyRange {
  if (!prefix.endsWith('#')) throw new Error(`A key prefix ends in '#': ${prefix}`);
  return { from: prefix, to: `${prefix.slice(0, -1)}$` };
}

/** The range of the keys `<prefix><first>…` to `<prefix><last>…` (both inclusive). */
export const spanRange = (prefix: string, first: string, last: string): KeyRange => ({
  from: `${prefix}${first}#`,
  to: `${prefix}${last}$`,
});

/** The two kinds of entry a user tracks: time, and income or expenses. */
export type EntryKind = 'time' | 'finance';

/** Sort-key prefix of a project's task index items, per kind of entry (`TASK#`, `FINTASK#`). */
export const TASK_INDEX_PREFIX: Record<EntryKind, string> = { time: 'TASK#', finance: 'FINTASK#' };

/**
 * Sort-key prefixes of the task-day and task-month rollups: the (task, sub-task) items of the first
 * releases and the (billable, tags, task, sub-task) group items since time level 3 share them
 * (`./keys-task-groups.ts`).
 */
export const TASK_DAY_PREFIX = 'TASKDAY#';
export const TASK_MONTH_PREFIX = 'TASKMONTH#';

/** An item of a project's rollup family for one period and group: `<prefix><projectId>#<period>#<group>`. */
export const periodGroupKey = (
  prefix: string,
  userId: string,
  projectId: string,
  period: string,
  group: string,
): TableKey => ({ PK: userPartition(userId), SK: `${prefix}${projectId}#${period}#${group}` });
