import { createHash } from 'node:crypto';

/**
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

// --- accounts ---------------------------------------------------------------------------------

export const PROFILE_SK = 'PROFILE';
export const userKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: PROFILE_SK });

/** The email guard: one item per address, so two accounts can never share one. */
export const emailKey = (email: string): TableKey => ({
  PK: `EMAIL#${email.trim().toLowerCase()}`,
  SK: 'EMAIL',
});

/** One logged-out session's token id. */
export const revokedKey = (userId: string, jti: string): TableKey => ({
  PK: userPartition(userId),
  SK: `REVOKED#${jti}`,
});

/** An email link's token, by the hex SHA-256 of its secret part. */
export const emailTokenKey = (userId: string, tokenHash: string): TableKey => ({
  PK: userPartition(userId),
  SK: `TOKEN#${tokenHash}`,
});

/** The account's TOTP secret, last used step and recovery code hashes (two-factor sign-in). */
export const twoFactorKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: 'TWOFACTOR' });

const API_TOKEN = 'APITOKEN#';
/** One API token of a user (its hash, name, scope, last use). */
export const apiTokenKey = (userId: string, tokenId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${API_TOKEN}${tokenId}`,
});
/** Every API token key of a user's partition (the count item sorts apart: `APITOKENS`). */
export const apiTokensRange = (): KeyRange => prefixRange(API_TOKEN);
/** How many API tokens a user holds, raised and lowered with each create and delete. */
export const apiTokenCountKey = (userId: string): TableKey => ({
  PK: userPartition(userId),
  SK: 'APITOKENS',
});

export const voucherKey = (code: string): TableKey => ({ PK: `VOUCHER#${code}`, SK: 'VOUCHER' });

/** One rate-limit window of one kind of attempt by one subject (address, email). */
export const rateCounterKey = (kind: string, subject: string, windowStart: number): TableKey => ({
  PK: `RATE#${kind}#${subject}#${windowStart}`,
  SK: 'RATE',
});

export const countersKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: 'COUNTERS' });

export const DEMO_LOCK_SK = 'RESETLOCK';
export const demoLockKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: DEMO_LOCK_SK });

// --- deletions --------------------------------------------------------------------------------

/** GSI1 partition holding exactly the tombstones (profiles and projects being deleted). */
export const DELETION_INDEX_PK = 'DELETION';

/** A tombstone's GSI1 keys: oldest deletion first, and the sort key names the tombstone. */
export const deletionIndexKeys = (key: TableKey, deletedAt: string) => ({
  GSI1PK: DELETION_INDEX_PK,
  GSI1SK: `${deletedAt}#${key.PK}#${key.SK}`,
});

// --- projects ---------------------------------------------------------------------------------

const PROJECT = 'PROJECT#';
export const projectKey = (userId: string, projectId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${PROJECT}${projectId}`,
});

/** Every project key of a user's partition. */
export const projectsRange = (): KeyRange => prefixRange(PROJECT);

/** The project id of a project's sort key; `undefined` for any other sort key. */
export function projectIdOfSortKey(sk: string): string | undefined {
  return sk.startsWith(PROJECT) ? sk.slice(PROJECT.length) : undefined;
}

/**
 * A project id's owner guard: one item per id whoever holds it, written with the project, so no
 * other account can create a project under an id already in use (its index partition would be
 * shared, and every read of it slowed by the other's entries).
 */
export const projectIdGuardKey = (projectId: string): TableKey => ({
  PK: `PROJECTID#${projectId}`,
  SK: 'OWNER',
});

/**
 * GSI1 partition of a project's entries by date. Client-chosen ids may make two users share it, so
 * every read of it also filters on the caller's `PK`.
 */
export const projectIndexPartition = (projectId: string) => `${PROJECT}${projectId}`;

// --- clients ----------------------------------------------------------------------------------

const CLIENT = 'CLIENT#';
export const clientKey = (userId: string, clientId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${CLIENT}${clientId}`,
});

/** Every client key of a user's partition. */
export const clientsRange = (): KeyRange => prefixRange(CLIENT);

/**
 * The guard that keeps a user's client names unique ignoring case: one item per folded name (its
 * SHA-256, so any name fits in a key), holding the client's id.
 */
export const clientNameKey = (userId: string, foldedName: string): TableKey => ({
  PK: userPartition(userId),
  SK: `CLIENTNAME#${createHash('sha256').update(foldedName, 'utf8').digest('base64url')}`,
});

// --- activities -------------------------------------------------------------------------------

export type EntryKind = 'time' | 'finance';
const ENTRY_PREFIX: Record<EntryKind, string> = { time: 'TIME#', finance: 'FIN#' };

/** Sort-key prefix of a kind of entry, in the user's partition and in GSI1 (`TIME#` / `FIN#`). */
export const entryPrefix = (kind: EntryKind) => ENTRY_PREFIX[kind];

export const entryKey = (kind: EntryKind, userId: string, entryId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${ENTRY_PREFIX[kind]}${entryId}`,
});

/** An entry's place among its project's entries: GSI1 by date, then id. */
export const entryIndexKeys = (kind: EntryKind, projectId: string, day: string, entryId: string) => ({
  GSI1PK: projectIndexPartition(projectId),
  GSI1SK: `${ENTRY_PREFIX[kind]}${day}#${entryId}`,
});

/** The kind of entry whose sort-key prefix this is; `undefined` for any other text. */
export const entryKindOfPrefix = (prefix: string): EntryKind | undefined =>
  (Object.keys(ENTRY_PREFIX) as EntryKind[]).find((kind) => ENTRY_PREFIX[kind] === prefix);

/**
 * GSI2 partition of a user's entries of one kind across projects, by day: the timesheet (time
 * entries) and the money sheet (income and expenses, which the CSV export reads in date order).
 */
const SHEET_PREFIX: Record<EntryKind, string> = { time: 'TIMESHEET#', finance: 'MONEYSHEET#' };
export const entrySheetPartition = (kind: EntryKind, userId: string) => `${SHEET_PREFIX[kind]}${userId}`;

/** An entry's place among its user's entries of its kind: GSI2 by day, then id. */
export const entrySheetIndexKeys = (kind: EntryKind, userId: string, day: string, entryId: string) => ({
  GSI2PK: entrySheetPartition(kind, userId),
  GSI2SK: `${day}#${entryId}`,
});

/** GSI2 partition of a user's timesheet (every time entry, all projects). */
export const timesheetPartition = (userId: string) => entrySheetPartition('time', userId);

/** A time entry's place in the timesheet: GSI2 by day, then id. */
export const timesheetIndexKeys = (userId: string, day: string, entryId: string) =>
  entrySheetIndexKeys('time', userId, day, entryId);

export const timerKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: 'TIMER' });

// --- rollups and task indexes -----------------------------------------------------------------

/**
 * The key part naming a (task, sub-task) pair: the first 132 bits of SHA-256 over the JSON array
 * `[task, sub-task]` (an encoding no two pairs share, whatever `#` or quotes they hold), base64url,
 * 22 characters whatever the text. Exact text, so `Design` and `design` stay two tasks. The text
 * itself is never in a key: DynamoDB caps a sort key at 1,024 bytes.
 */
export function taskPairHash(task: string, subTask: string): string {
  return createHash('sha256')
    .update(JSON.stringify([task, subTask]), 'utf8')
    .digest('base64url')
    .slice(0, 22);
}

const DAY = 'DAY#';
const TASKDAY = 'TASKDAY#';
const TASKMONTH = 'TASKMONTH#';
const TASK_INDEX_PREFIX: Record<EntryKind, string> = { time: 'TASK#', finance: 'FINTASK#' };

export const dayRollupKey = (userId: string, projectId: string, day: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${DAY}${projectId}#${day}`,
});

export const taskDayRollupKey = (
  userId: string,
  projectId: string,
  day: string,
  task: string,
  subTask: string,
): TableKey => ({
  PK: userPartition(userId),
  SK: `${TASKDAY}${projectId}#${day}#${taskPairHash(task, subTask)}`,
});

/** A project's task-day rollups from `firstDay` to `lastDay` (inclusive). */
export const taskDayRollupRange = (userId: string, projectId: string, firstDay: string, lastDay: string) => ({
  PK: userPartition(userId),
  ...spanRange(`${TASKDAY}${projectId}#`, firstDay, lastDay),
});

/** Task-month rollup: a project's time on one task and sub-task in one calendar month. */
export const taskMonthRollupKey = (
  userId: string,
  projectId: string,
  month: string,
  task: string,
  subTask: string,
): TableKey => ({
  PK: userPartition(userId),
  SK: `${TASKMONTH}${projectId}#${month}#${taskPairHash(task, subTask)}`,
});

/** As `taskDayRollupRange`, for the task-month rollups of the months `first` to `last` (`yyyy-mm`). */
export const taskMonthRollupRange = (userId: string, projectId: string, first: string, last: string) => ({
  PK: userPartition(userId),
  ...spanRange(`${TASKMONTH}${projectId}#`, first, last),
});

/** Sort-key prefix of a user's task index items of one kind (one Query serves the suggestions). */
export const taskIndexPrefix = (kind: EntryKind) => TASK_INDEX_PREFIX[kind];

export const taskIndexKey = (
  kind: EntryKind,
  userId: string,
  projectId: string,
  task: string,
  subTask: string,
): TableKey => ({
  PK: userPartition(userId),
  SK: `${TASK_INDEX_PREFIX[kind]}${projectId}#${taskPairHash(task, subTask)}`,
});

// --- report rollups and the tag index -------------------------------------------------------

/**
 * The report rollups of a project: time by period and by what a report filters and groups on.
 * `base` items are per (billable, tags); `task` items per (billable, tags, task). `<group>` is
 * `reportGroupHash` of those values.
 */
export type ReportFamily = 'day' | 'month' | 'taskDay' | 'taskMonth';
const REPORT_PREFIX: Record<ReportFamily, string> = {
  day: 'REPDAY#',
  month: 'REPMONTH#',
  taskDay: 'REPTASKDAY#',
  taskMonth: 'REPTASKMONTH#',
};
const TAGUSE = 'TAGUSE#';

/**
 * The key part naming what a report rollup groups: 22 characters of SHA-256 over the JSON of
 * `[billable, tags sorted, task?]`, so any text fits and no two groups share a key.
 */
export function reportGroupHash(billable: boolean, tags: readonly string[], task?: string): string {
  const parts: unknown[] = [billable, [...tags].sort()];
  if (task !== undefined) parts.push(task);
  return createHash('sha256').update(JSON.stringify(parts), 'utf8').digest('base64url').slice(0, 22);
}

/** One report rollup item: a project's time of one group on one day or month (`period`). */
export const reportRollupKey = (
  family: ReportFamily,
  userId: string,
  projectId: string,
  period: string,
  group: string,
): TableKey => ({
  PK: userPartition(userId),
  SK: `${REPORT_PREFIX[family]}${projectId}#${period}#${group}`,
});

/** A project's report rollups of one family for the periods `first` to `last` (inclusive). */
export const reportRollupRange = (
  family: ReportFamily,
  userId: string,
  projectId: string,
  first: string,
  last: string,
) => ({ PK: userPartition(userId), ...spanRange(`${REPORT_PREFIX[family]}${projectId}#`, first, last) });

/** How often a tag is used on a project's time entries (the tag suggestions). */
export const tagUseKey = (userId: string, projectId: string, tag: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${TAGUSE}${projectId}#${createHash('sha256').update(tag, 'utf8').digest('base64url').slice(0, 22)}`,
});

/** Every tag use item of a user (one Query serves the suggestions). */
export const tagUseRange = (): KeyRange => prefixRange(TAGUSE);

/**
 * A budget alert already sent (`./alerts.ts`): `ALERT#<projectId>#<what>`, where `<what>` names
 * the threshold and the budget and period it was for, or the target rate it fell below.
 */
export const alertKey = (userId: string, projectId: string, what: string): TableKey => ({
  PK: userPartition(userId),
  SK: `ALERT#${projectId}#${what}`,
});

/** Sort-key prefixes of every item derived from one project's entries (removed with the project). */
export const projectDerivedPrefixes = (projectId: string) => [
  `ALERT#${projectId}#`,
  `${DAY}${projectId}#`,
  `${TASKDAY}${projectId}#`,
  `${TASKMONTH}${projectId}#`,
  `${TASK_INDEX_PREFIX.time}${projectId}#`,
  `${TASK_INDEX_PREFIX.finance}${projectId}#`,
  ...Object.values(REPORT_PREFIX).map((prefix) => `${prefix}${projectId}#`),
  `${TAGUSE}${projectId}#`,
];

// --- invoices ---------------------------------------------------------------------------------

const INVOICE = 'INVOICE#';
const INVOICE_ENTRY = 'INVOICEENTRY#';

/** The issuer's details of a user's invoices (one item). */
export const invoiceSettingsKey = (userId: string): TableKey => ({
  PK: userPartition(userId),
  SK: 'INVOICESETTINGS',
});

/** The last invoice number a user gave in one year (`last`), raised only in a sending transaction. */
export const invoiceNumberKey = (userId: string, year: string): TableKey => ({
  PK: userPartition(userId),
  SK: `INVOICENUMBER#${year}`,
});

/** One at a time: a user's drafts are made under this lease, so two never claim the same entries. */
export const invoiceLeaseKey = (userId: string): TableKey => ({
  PK: userPartition(userId),
  SK: 'INVOICELEASE',
});

export const invoiceKey = (userId: string, invoiceId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${INVOICE}${invoiceId}`,
});

/** Every invoice key of a user's partition (`INVOICE#…`; the entry copies sort apart, `INVOICEENTRY#`). */
export const invoicesRange = (): KeyRange => prefixRange(INVOICE);

/** An invoice's copy of one entry it bills (the PDF's detail; survives the entry's deletion). */
export const invoiceEntryKey = (userId: string, invoiceId: string, entryId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${INVOICE_ENTRY}${invoiceId}#${entryId}`,
});

/** The entry copies of one invoice. */
export const invoiceEntriesRange = (invoiceId: string): KeyRange =>
  prefixRange(`${INVOICE_ENTRY}${invoiceId}#`);
