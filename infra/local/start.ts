/**
 * `npm start`: the whole product on one machine, on the same pieces as AWS — DynamoDB Local (Java),
 * the local SES, a local S3 server, and one HTTP server that dispatches through the route table to the real handler
 * modules. Data lives in `.data/` across restarts.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { buildApp, buildEmbed } from '../web-build';

const ROOT = resolve(import.meta.dirname, '../..');
const DATA = resolve(process.env.DATA_DIR || join(ROOT, '.data'));

function fail(message: string): never {
  process.stderr.write(`✖ ${message}\n`);
  process.exit(1);
}

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const port = raw ? Number(raw) : fallback;
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    fail(`${name} must be a port number, got "${raw}".`);
  return port;
}

function portFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolvePort) => {
    const probe = createServer()
      .once('error', () => resolvePort(false))
      .once('listening', () => probe.close(() => resolvePort(true)))
      .listen(port, host);
  });
}

async function jwtSecret(): Promise<string> {
  const file = join(DATA, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

interface Ports {
  port: number;
  dynamoPort: number;
  sesPort: number;
  s3Port: number;
  host: string;
}

/** The ports and address from the environment; fails with a clear message when Java or a port is missing. */
async function checkPrerequisites(): Promise<Ports> {
  const port = portFromEnv('PORT', 3000);
  const dynamoPort = portFromEnv('DYNAMODB_PORT', 8000);
  const sesPort = portFromEnv('SES_PORT', 8005);
  const s3Port = portFromEnv('S3_PORT', 8006);
  // Loopback only unless asked: the local stack has no TLS and its data is the developer's.
  const host = process.env.HOST || '127.0.0.1';

  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    fail(
      'Java is not installed: DynamoDB Local needs Java 17 or newer (e.g. `apt-get install -y openjdk-17-jre-headless`).',
    );
  }
  for (const [name, p, on] of [
    ['PORT', port, host],
    // DynamoDB Local cannot be told an address: it takes the port on every interface.
    ['DYNAMODB_PORT', dynamoPort, '0.0.0.0'],
    ['SES_PORT', sesPort, '127.0.0.1'],
    ['S3_PORT', s3Port, '127.0.0.1'],
  ] as const) {
    if (!(await portFree(p, on)))
      fail(`Port ${p} is in use: stop whatever uses it or set ${name} to another port.`);
  }
  return { port, dynamoPort, sesPort, s3Port, host };
}

/** Builds the app and the embed, and with `--bundles` the Lambda bundles the API then runs on. */
async function build(bundles: boolean): Promise<void> {
  process.stdout.write(`Building the app, the embed bundle${bundles ? ' and the Lambda bundles' : ''}…\n`);
  try {
    const { buildBundles, BUNDLES_VARIABLE } = await import('./bundles');
    const [, , dir] = await Promise.all([buildApp(), buildEmbed(), bundles ? buildBundles() : undefined]);
    if (dir) process.env[BUNDLES_VARIABLE] = dir;
  } catch (error) {
    fail(`The build failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

type Stop = () => Promise<void>;

/**
 * DynamoDB Local, and the one way everything stops: Ctrl-C, SIGTERM, a failure, or DynamoDB Local
 * dying stops every piece started so far (`stops`), newest first.
 */
async function startDynamoDb(dynamoPort: number, corsOrigin: string) {
  const { startDynamoDbLocal } = await import('./dynamodb');
  const dynamo = await startDynamoDbLocal({ port: dynamoPort, dataDir: join(DATA, 'dynamodb'), corsOrigin });
  const stops: Stop[] = [dynamo.stop];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('Stopping…\n');
    await Promise.allSettled(stops.reverse().map((stop) => stop()));
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('exit', () => {
    if (dynamo.process.exitCode === null) dynamo.process.kill('SIGKILL');
  });
  dynamo.process.once('exit', () => {
    if (!stopping) {
      process.stderr.write('✖ DynamoDB Local stopped unexpectedly.\n');
      void shutdown(1);
    }
  });
  return { endpoint: dynamo.endpoint, stops, shutdown };
}

/** The HTTP server of the API, the app and the embed; answers how to stop it. */
async function startServer(port: number, host: string): Promise<Stop> {
  const { createLocalServer, listenLocal } = await import('./server');
  const server = createLocalServer({ app: join(ROOT, 'frontend/dist'), embed: join(ROOT, 'embed/dist') });
  await listenLocal(server, port, host);
  return () =>
    new Promise<void>((resolveClose) => {
      server.closeAllConnections();
      server.close(() => resolveClose());
    });
}

/** The scheduled jobs, as EventBridge runs them on AWS: the demo reset, the deletion sweep. */
async function scheduleJobs(): Promise<Stop[]> {
  const { scheduleJob } = await import('./job-schedule');
  const { JOBS } = await import('../../functions/routes');
  const { DEFAULT_SETTINGS } = await import('../../functions/lib/settings');
  const stops: Stop[] = [];
  for (const job of JOBS) {
    stops.push(
      await scheduleJob(job.handler, DEFAULT_SETTINGS[job.everyMinutesSetting], (ms) => {
        if (job.handler === 'reset-demo') {
          process.stdout.write(`✔ Demo account     reset in ${(ms / 1000).toFixed(1)} s\n`);
        }
      }),
    );
  }
  return stops;
}

/** The stream consumers (budget alerts), fed from DynamoDB Local's stream as Lambda feeds them on AWS. */
async function feedStreamConsumers(endpoint: string, tableName: string): Promise<Stop> {
  const { feedStream } = await import('./stream-feed');
  const { STREAM_CONSUMERS } = await import('../../functions/routes');
  return feedStream(endpoint, tableName, STREAM_CONSUMERS);
}

/**
 * Once per release, on a table that existed before this start: entries stored before their kind
 * had GSI2 keys (first-release time entries, income and expenses before the money sheet) get them,
 * and time entries counted in older report rollups (before release 3, or before the week items)
 * get what they miss; the per-tag day rollups catch up with entries written while the stack (and
 * so its stream feed, which reads from the moment it starts) was down. Later starts find nothing
 * to do.
 */
async function upgradeTable() {
  const { backfillSheetIndexes } = await import('../../functions/data/tracking/backfill-sheets');
  const count = await backfillSheetIndexes();
  if (count.time + count.finance > 0) {
    process.stdout.write(`Date indexes: ${count.time} time and ${count.finance} money entries added.\n`);
  }
  const { backfillReportRollups } = await import('../../functions/data/tracking/backfill-reports');
  const reports = await backfillReportRollups();
  if (reports.entries > 0) process.stdout.write(`Report rollups: ${reports.entries} time entries added.\n`);
  if (reports.tagRollups > 0) {
    process.stdout.write(`Tag day rollups: ${reports.tagRollups} time entries brought up to date.\n`);
  }
  const { backfillTaxRollups } = await import('../../functions/data/tracking/backfill-tax');
  const tax = await backfillTaxRollups();
  if (tax.entries > 0) process.stdout.write(`Tax month rollups: ${tax.entries} money entries added.\n`);
}

async function main() {
  // Node 20 on this machine, Node 22 on Lambda: the SDK's reminder about Node 20 is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { port, dynamoPort, sesPort, s3Port, host } = await checkPrerequisites();

  await mkdir(join(DATA, 'dynamodb'), { recursive: true });
  await mkdir(join(DATA, 's3'), { recursive: true });
  const tableName = process.env.TABLE_NAME || 'timeledger';
  const origin = `http://${host === '127.0.0.1' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
  const appUrl = process.env.APP_URL || origin;

  // `npm start -- --bundles`: the API on the Lambda bundles `cdk deploy` would upload (see bundles.ts).
  const bundles = process.argv.includes('--bundles');
  await build(bundles);

  const { ensureTable } = await import('./dynamodb');
  const { startLocalSes } = await import('./ses');
  const { startLocalS3, ensureBuckets, localBucketNames } = await import('./s3');
  const dynamo = await startDynamoDb(dynamoPort, origin);
  const { stops, shutdown } = dynamo;

  try {
    const ses = await startLocalSes(sesPort);
    stops.push(ses.stop);
    const buckets = localBucketNames();
    // Each upload to the receipts bucket runs the receipt check, as the bucket's event does on AWS.
    const { receiptCheckFeed } = await import('./receipt-events');
    const receiptChecks = receiptCheckFeed(buckets.receipts);
    const s3 = await startLocalS3({
      port: s3Port,
      directory: join(DATA, 's3'),
      onEvent: receiptChecks.listener,
    });
    stops.push(s3.stop);
    await ensureBuckets(s3.endpoint, buckets, origin);
    const table = await ensureTable(dynamo.endpoint, tableName);

    // Configuration for the handlers, exactly the variables the CDK stack sets on each Lambda,
    // plus the local endpoints. Set before any handler module is imported.
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SES_ENDPOINT: ses.endpoint,
      S3_ENDPOINT: s3.endpoint,
      DOCUMENTS_BUCKET: buckets.documents,
      RECEIPTS_BUCKET: buckets.receipts,
      AWS_REGION: process.env.AWS_REGION || 'us-east-1',
      APP_URL: appUrl,
      JWT_SECRET: await jwtSecret(),
    });

    if (table.status === 'existing') await upgradeTable();

    stops.push(await startServer(port, host));
    if (bundles) {
      const { stopBundles } = await import('./bundles');
      stops.push(stopBundles);
    }
    stops.push(...(await scheduleJobs()));
    stops.push(await feedStreamConsumers(dynamo.endpoint, tableName));

    process.stdout.write(
      [
        `✔ DynamoDB Local   ${dynamo.endpoint}  (table ${tableName}, data in ${join(DATA, 'dynamodb')})`,
        `✔ SES (local)      ${ses.endpoint}/  (inbox; JSON at ${ses.endpoint}/store)`,
        `✔ S3 (local)       ${s3.endpoint}  (buckets ${buckets.documents}, ${buckets.receipts}; data in ${join(DATA, 's3')})`,
        `✔ API              ${origin}/api${bundles ? `  (Lambda bundles in ${process.env.TIMELEDGER_BUNDLES})` : ''}`,
        `✔ App              ${origin}/`,
        `✔ Embed            ${origin}/embed/  (example: ${origin}/embed/example.html)`,
        'Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    process.stderr.write(`✖ ${error instanceof Error ? error.message : String(error)}\n`);
    await shutdown(1);
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
