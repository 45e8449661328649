/**
 * `npm run backfill:tax` — once, after deploying the release with the tax report (CONTRACT §9 "The
 * tax period"): counts income and expenses stored before it in the tax month rollups, so the tax
 * report covers the whole history (see `functions/data/tracking/backfill-tax.ts`). Targets the
 * local stack by default (DynamoDB Local on `DYNAMODB_PORT`, table `timeledger`; the local stack
 * also runs it by itself at start); with `TABLE_NAME` set and no `DYNAMODB_ENDPOINT`, the table on
 * AWS with the usual credentials and region. Safe to re-run, also after a run that stopped half-way.
 */
import { targetTable } from './target-table';

const { table } = targetTable();
const { backfillTaxRollups } = await import('../functions/data/tracking/backfill-tax');
const count = await backfillTaxRollups();
process.stdout.write(
  `${count.entries} income and expense entries added to the tax month rollups in ${table}` +
    `${count.skipped ? `; ${count.skipped} skipped (deleted meanwhile, or their project)` : ''}` +
    `${count.exhausted ? `; ${count.exhausted} NOT done (changed under every attempt: run it again)` : ''}.\n`,
);
if (count.exhausted) process.exitCode = 1;
