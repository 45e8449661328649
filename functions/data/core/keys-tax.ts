import { type TableKey, userPartition } from './keys-base';

/**
 * Keys of the tax month rollups (`functions/data/tracking/tax-rollups.ts`): one item per project
 * and calendar month with the month's income, expenses, input VAT and expenses per category.
 * Project first, so a deleted project's items go with its prefixes (`projectDerivedPrefixes`).
 */

export const TAXMONTH = 'TAXMONTH#';

/** A project's tax month rollup of `month` (`yyyy-mm`). */
export const taxMonthKey = (userId: string, projectId: string, month: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${TAXMONTH}${projectId}#${month}`,
});

/** A project's tax month rollups from `first` to `last` (`yyyy-mm`, inclusive). */
export const taxMonthRange = (userId: string, projectId: string, first: string, last: string) => ({
  PK: userPartition(userId),
  from: `${TAXMONTH}${projectId}#${first}`,
  to: `${TAXMONTH}${projectId}#${last}`,
});
