/**
 * The table an operator's script works on, set in the environment before the script loads the
 * data layer (which reads it once): the local stack's by default (DynamoDB Local on
 * `DYNAMODB_PORT`, 8000, table `timeledger`); with `TABLE_NAME` set and no `DYNAMODB_ENDPOINT`,
 * that table on AWS with the usual credentials and region.
 */
export function targetTable(env: NodeJS.ProcessEnv = process.env): { table: string; local: boolean } {
  if (env.TABLE_NAME && !env.DYNAMODB_ENDPOINT) return { table: env.TABLE_NAME, local: false };
  env.DYNAMODB_ENDPOINT ||= `http://127.0.0.1:${env.DYNAMODB_PORT || 8000}`;
  env.TABLE_NAME ||= 'timeledger';
  return { table: env.TABLE_NAME, local: true };
}
