/**
 * `npm run backfill:timesheet` — once, after deploying the release that adds GSI2: gives time
 * entries stored before it their timesheet keys (see `functions/data/backfill-timesheet.ts`).
 * Targets the local stack by default (DynamoDB Local on `DYNAMODB_PORT`, table `timeledger`; the
 * local stack also runs it by itself when it adds the index); with `TABLE_NAME` set and no
 * `DYNAMODB_ENDPOINT`, the table on AWS with the usual credentials and region. Safe to re-run.
 */
export {};

const env = process.env;
if (!(env.TABLE_NAME && !env.DYNAMODB_ENDPOINT)) {
  env.DYNAMODB_ENDPOINT ||= `http://127.0.0.1:${env.DYNAMODB_PORT || 8000}`;
  env.TABLE_NAME ||= 'timeledger';
}
const { backfillTimesheetIndex } = await import('../functions/data/backfill-timesheet');
const count = await backfillTimesheetIndex();
process.stdout.write(`${count} time entries given their timesheet keys in ${env.TABLE_NAME}.\n`);
