/**
 * `npm run backfill:reports` — once, after deploying a release that adds report rollups (release 3
 * and the week rollups after it): gives time entries counted in older report rollups what they
 * miss, and brings the per-tag day rollups (kept from the table's stream) up to date with every
 * entry, so reports and tag suggestions cover the whole history (see
 * `functions/data/tracking/backfill-reports.ts`). Targets the local stack by default (DynamoDB Local on
 * `DYNAMODB_PORT`, table `timeledger`; the local stack also runs it by itself at start); with
 * `TABLE_NAME` set and no `DYNAMODB_ENDPOINT`, the table on AWS with the usual credentials and
 * region. Safe to re-run, also after a run that stopped half-way: it finds the entries still to do.
 */
import { targetTable } from './target-table';

const { table } = targetTable();
const { backfillReportRollups } = await import('../functions/data/tracking/backfill-reports');
const count = await backfillReportRollups();
process.stdout.write(
  `${count.entries} time entries added to the report rollups in ${table}` +
    `${count.skipped ? `; ${count.skipped} skipped (deleted meanwhile, or their project)` : ''}` +
    `${count.exhausted ? `; ${count.exhausted} NOT done (changed under every attempt: run it again)` : ''}` +
    `; ${count.tagRollups} brought up to date in the per-tag day rollups.\n`,
);
if (count.exhausted) process.exitCode = 1;
