/**
 * The benchmarks' own local stack: DynamoDB Local (in memory) and the local API server on free
 * loopback ports, with the handlers' configuration in the environment before any handler loads.
 * `bench/run.ts` and the stand-alone benchmarks start it the same way.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import type { UserRecord } from '../functions/data/identity/users';
import { ensureTable, startDynamoDbLocal } from '../infra/local/dynamodb';
import { startLocalSes } from '../infra/local/ses';

export const ROOT = resolve(import.meta.dirname, '..');
export const RESULTS = join(ROOT, 'bench/results');

/**
 * The record of a benchmark's own account: confirmed, premium, EUR and en-US, created now, with a
 * password hash no password matches. `fields` names it and says where it differs.
 */
export function benchUser(
  fields: Pick<UserRecord, '_id' | 'name' | 'email'> & Partial<UserRecord>,
): UserRecord {
  return {
    hasSeenTutorial: true,
    currency: 'EUR',
    numberFormat: 'en-US',
    language: null,
    weekStart: 'monday',
    premium: true,
    enableEmbedding: false,
    showPoweredBy: true,
    budgetAlerts: true,
    emailConfirmed: true,
    twoFactor: false,
    isDemo: false,
    createdAt: new Date().toISOString(),
    passwordHash: '!unusable',
    tokenVersion: 0,
    ...fields,
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface BenchStack {
  baseUrl: string;
  dynamoEndpoint: string;
  tableName: string;
  stop: () => Promise<void>;
}

export interface BenchStackOptions {
  tableName?: string;
  /** Start the local SES too (for benchmarks that send email); otherwise no email can be sent. */
  ses?: boolean;
  /** Extra handler configuration (limits, floors) set before any handler loads. */
  env?: Record<string, string>;
  /**
   * `false` makes the table without its stream, to measure what DynamoDB Local's stream records
   * cost (`bench/load.ts --table-without-stream`); the product's table always has one.
   */
  tableStream?: boolean;
}

export async function startBenchStack(options: BenchStackOptions = {}): Promise<BenchStack> {
  const tableName = options.tableName ?? 'bench';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  const stops: Array<() => Promise<void>> = [dynamo.stop];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
  };
  try {
    const ses = options.ses ? await startLocalSes(await freePort()) : undefined;
    if (ses) stops.push(ses.stop);
    await ensureTable(dynamo.endpoint, tableName, { stream: options.tableStream ?? true });
    // The handlers' configuration, as `infra/local/start.ts` sets it, before any handler loads.
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SES_ENDPOINT: ses?.endpoint ?? 'http://127.0.0.1:9', // without `ses`, nothing is sent
      AWS_REGION: 'us-east-1',
      APP_URL: 'http://localhost',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      ...options.env,
    });
    const { createLocalServer } = await import('../infra/local/server');
    const server = createLocalServer({ app: join(ROOT, 'frontend/dist'), embed: join(ROOT, 'embed/dist') });
    const port = await freePort();
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', ok);
    });
    stops.push(
      () =>
        new Promise<void>((ok) => {
          server.closeAllConnections();
          server.close(() => ok());
        }),
    );
    return { baseUrl: `http://127.0.0.1:${port}`, dynamoEndpoint: dynamo.endpoint, tableName, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** The machine a benchmark ran on, as its results name it. */
export const machineLine = () =>
  `${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, DynamoDB Local in memory`;

/**
 * Writes a benchmark's results as `bench/results/<name>.md` (its title, the run's description and
 * the table) and `<name>.json`; answers the Markdown.
 */
export async function saveBenchResults(
  name: string,
  title: string,
  description: string,
  table: string,
  results: unknown,
): Promise<string> {
  const ranAt = new Date().toISOString();
  const machine = machineLine();
  const markdown = [`# ${title}`, '', `Run ${ranAt} on ${machine}; ${description}`, '', table, ''].join('\n');
  await mkdir(RESULTS, { recursive: true });
  await writeFile(join(RESULTS, `${name}.md`), markdown);
  await writeFile(join(RESULTS, `${name}.json`), `${JSON.stringify({ ranAt, machine, results }, null, 2)}\n`);
  return markdown;
}

/** A `--name=value` option of the command line, or `fallback`. */
export function cliOption(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

/** A `--name=N` count of the command line (1 to `max`), or `fallback`; anything else stops the bench. */
export function cliCount(name: string, fallback: number, max: number): number {
  const value = Number(cliOption(name, String(fallback)));
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`--${name} takes a whole number from 1 to ${max}`);
  }
  return value;
}
