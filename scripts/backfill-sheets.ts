/**
 * `npm run backfill:sheets` — once, after deploying a release that adds GSI2 keys to a kind of
 * entry: gives time entries of the first release their timesheet keys, and income and expenses
 * stored before the money sheet theirs (see `functions/data/tracking/backfill-sheets.ts`). Targets the
 * local stack by default (DynamoDB Local on `DYNAMODB_PORT`, table `timeledger`; the local stack
 * also runs it by itself at start); with `TABLE_NAME` set and no `DYNAMODB_ENDPOINT`, the table on
 * AWS with the usual credentials and region. Safe to re-run.
 */
import { targetTable } from './target-table';

const { table } = targetTable();
const { backfillSheetIndexes } = await import('../functions/data/tracking/backfill-sheets');
const count = await backfillSheetIndexes();
process.stdout.write(
  `${count.time} time entries and ${count.finance} income and expense entries given their GSI2 keys in ${table}.\n`,
);
