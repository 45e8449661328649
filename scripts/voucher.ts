/**
 * Voucher codes for operators: `npm run voucher -- create [--count N]` prints N new single-use
 * codes, one a line. Targets the local stack by default (DynamoDB Local on `DYNAMODB_PORT`, 8000,
 * table `timeledger`); with `TABLE_NAME` set and no `DYNAMODB_ENDPOINT` it writes to that table on
 * AWS with the usual AWS credentials and region.
 */
import { targetTable } from './target-table';

const USAGE = 'Usage: npm run voucher -- create [--count N]   (N from 1 to 1000, default 1)';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function parseArgs(argv: string[]): { count: number } {
  const [command, ...rest] = argv;
  if (command !== 'create') fail(USAGE);
  let count = 1;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    const value = arg.startsWith('--count=')
      ? arg.slice('--count='.length)
      : arg === '--count'
        ? rest[++i]
        : null;
    if (value === null) fail(`Unknown option "${arg}". ${USAGE}`);
    count = Number(value);
    if (!Number.isInteger(count) || count < 1 || count > 1000)
      fail(`--count must be a whole number from 1 to 1000. ${USAGE}`);
  }
  return { count };
}

/** Where the codes go: the local stack unless a deployed table is named. */
function target(): { local: boolean; description: string } {
  const { table, local } = targetTable();
  if (!local) {
    return { local, description: `table ${table} on AWS (${process.env.AWS_REGION || 'us-east-1'})` };
  }
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL ??= 'silent';
  return { local, description: `table ${table} on DynamoDB Local at ${process.env.DYNAMODB_ENDPOINT}` };
}

function explain(error: unknown, where: { local: boolean; description: string }): string {
  const name = error instanceof Error ? error.name : '';
  const text = `${error instanceof Error ? error.message : String(error)} ${(error as { code?: string })?.code ?? ''}`;
  if (where.local && /ECONNREFUSED|ECONNRESET|socket hang up/i.test(text)) {
    return `DynamoDB Local is not running at ${process.env.DYNAMODB_ENDPOINT} — start the local stack with \`npm start\` first (or set DYNAMODB_PORT).`;
  }
  if (name === 'ResourceNotFoundException') {
    return `There is no ${where.description} — ${where.local ? 'start the local stack with `npm start` once to create it' : 'check TABLE_NAME and AWS_REGION'}.`;
  }
  if (name === 'CredentialsProviderError' || /credential/i.test(text)) {
    return `No AWS credentials for ${where.description} — configure them (e.g. AWS_PROFILE) or unset TABLE_NAME to use the local stack.`;
  }
  return `Could not create vouchers in ${where.description}: ${error instanceof Error ? error.message : String(error)}`;
}

async function main(): Promise<void> {
  const { count } = parseArgs(process.argv.slice(2));
  const where = target();
  try {
    // Imported only now: the configuration is read from the environment prepared above.
    const { createVouchers } = await import('../functions/domain/identity/vouchers');
    const codes = await createVouchers(count);
    process.stdout.write(`${codes.join('\n')}\n`);
    process.exit(0);
  } catch (error) {
    fail(explain(error, where));
  }
}

void main();
