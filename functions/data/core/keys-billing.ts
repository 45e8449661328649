import { createHash } from 'node:crypto';
import {
  type KeyRange,
  periodGroupKey,
  prefixRange,
  spanRange,
  type TableKey,
  userPartition,
} from './keys-base';

/** The keys of billing (`keys.ts` re-exports them): report rollups, the tag index, invoices. */

// --- report rollups and the tag index -------------------------------------------------------

/**
 * The report rollups of a project: time by period and by what a report filters and groups on.
 * `day`, `week` and `month` items are per (billable, tags); `task` items per (billable, tags,
 * task). `<group>` is `reportGroupHash` of those values. A week's period is its Monday.
 */
export type ReportFamily = 'day' | 'week' | 'month' | 'taskDay' | 'taskMonth';
export const REPORT_PREFIX: Record<ReportFamily, string> = {
  day: 'REPDAY#',
  week: 'REPWEEK#',
  month: 'REPMONTH#',
  taskDay: 'REPTASKDAY#',
  taskMonth: 'REPTASKMONTH#',
};
export const TAGUSE = 'TAGUSE#';

/**
 * The key part naming what a report rollup groups: 22 characters of SHA-256 over the JSON of
 * `[billable, tags sorted, task?]`, so any text fits and no two groups share a key.
 */
export function reportGroupHash(billable: boolean, tags: readonly string[], task?: string): string {
  const parts: unknown[] = [billable, [...tags].sort()];
  if (task !== undefined) parts.push(task);
  return createHash('sha256').update(JSON.stringify(parts), 'utf8').digest('base64url').slice(0, 22);
}

/** One report rollup item: a project's time of one group on one day, week or month (`period`). */
export const reportRollupKey = (
  family: ReportFamily,
  userId: string,
  projectId: string,
  period: string,
  group: string,
): TableKey => periodGroupKey(REPORT_PREFIX[family], userId, projectId, period, group);

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

// --- per-tag day rollups (kept from the table's stream) ----------------------------------------

/**
 * The per-tag day rollups: one item per user, tag and day with every project's sums. (Layout 1,
 * before any release, kept them in `REPTAGDAY#` and `REPTAGROUND#` items; nothing reads those now.)
 */
const TAG_DAY = 'REPTAGSUMS#';
/** Sorts before it, so wiping a partition in key order takes the marks out first. */
const TAG_COUNTED = 'REPTAGCOUNTED#';

/** The key part naming a tag: 22 characters of SHA-256 over the tag folded as reports compare it. */
export const tagHash = (foldedTag: string) =>
  createHash('sha256').update(foldedTag, 'utf8').digest('base64url').slice(0, 22);

/** One tag's time on one day, every project of the user in one item (`./tag-rollups.ts`). */
export const tagDayRollupKey = (userId: string, foldedTag: string, day: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${TAG_DAY}${tagHash(foldedTag)}#${day}`,
});

/** One tag's day rollups from `first` to `last` (inclusive `yyyy-mm-dd` days). */
export const tagDayRollupRange = (userId: string, foldedTag: string, first: string, last: string) => {
  const prefix = `${TAG_DAY}${tagHash(foldedTag)}#`;
  return { PK: userPartition(userId), from: `${prefix}${first}`, to: `${prefix}${last}` };
};

/** What of one time entry the tag day rollups count (`./tag-rollups.ts`: its mark). */
export const tagCountedKey = (userId: string, activityId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${TAG_COUNTED}${activityId}`,
});

/** Every mark of a user's partition (the back-fill looks for marks whose entry is gone). */
export const TAG_COUNTED_PREFIX = TAG_COUNTED;

/**
 * A budget alert already sent (`./alerts.ts`): `ALERT#<projectId>#<what>`, where `<what>` names
 * the threshold and the budget and period it was for, or the target rate it fell below.
 */
export const alertKey = (userId: string, projectId: string, what: string): TableKey => ({
  PK: userPartition(userId),
  SK: `ALERT#${projectId}#${what}`,
});

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
