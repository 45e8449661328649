import { FINANCE_KIND } from './finance-activities';
import { backfillRollups, type RollupBackfillCount } from './rollup-backfill';

/** What one run of the tax back-fill did. */
export type TaxBackfillCount = RollupBackfillCount;

/**
 * `npm run backfill:tax`: counts income and expenses stored before the tax month rollups
 * (`FINANCE_ROLLUP_LEVEL` in `./tax-rollups.ts`) in them — the generic back-fill
 * (`./rollup-backfill.ts`) of finance entries: each entry ONE transaction, counted entirely or not
 * at all, never twice; an edit racing the back-fill re-reads it.
 */
export const backfillTaxRollups = (): Promise<TaxBackfillCount> => backfillRollups(FINANCE_KIND);
