import { createHash } from 'node:crypto';
import {
  type EntryKind,
  type KeyRange,
  prefixRange,
  spanRange,
  TASK_DAY_PREFIX,
  TASK_INDEX_PREFIX,
  TASK_MONTH_PREFIX,
  type TableKey,
  userPartition,
} from './keys-base';

/**
 * Every key of the single table, and the only place that spells a key prefix: the common ground
 * (`keys-base.ts`), accounts, deletions, projects, clients, entries and their rollups here, and
 * billing's report rollups, tag index and invoices (`keys-billing.ts`). The table of items is in
 * `./README.md`.
 */

export * from './keys-base';
export * from './keys-billing';
// Received e-invoices (issue 37)
export * from './keys-einvoice-in';
export * from './keys-receipts';
export * from './keys-recurring';
export * from './keys-task-groups';
export * from './keys-tax';

import { REPORT_PREFIX, TAGUSE } from './keys-billing';
import { TAXMONTH } from './keys-tax';

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
const TASKDAY = TASK_DAY_PREFIX;
const TASKMONTH = TASK_MONTH_PREFIX;

export const dayRollupKey = (userId: string, projectId: string, day: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${DAY}${projectId}#${day}`,
});

/** A project's day rollups from `firstDay` to `lastDay` (inclusive; nothing follows the day in the key). */
export const dayRollupRange = (userId: string, projectId: string, firstDay: string, lastDay: string) => ({
  PK: userPartition(userId),
  from: `${DAY}${projectId}#${firstDay}`,
  to: `${DAY}${projectId}#${lastDay}`,
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
  `${TAXMONTH}${projectId}#`,
];
