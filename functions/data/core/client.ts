import type * as DynamoDb from '@aws-sdk/client-dynamodb';
import type * as DocumentClient from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config';
import { requireSdk } from '../../lib/sdk';

/*
 * The DynamoDB packages are CommonJS. Loaded with `require` they are compiled once; Node's `import`
 * of a CommonJS file compiles it a second time to tell its format and lexes it for its export
 * names: the document client loaded in 92 ms that way and in 63 ms with `require` (medians of
 * fresh Node processes, `bench/coldstart.ts`). Every data module takes its commands from here, so no
 * function imports them the slow way; types still come from `import type`.
 */
const dynamoDb = requireSdk('@aws-sdk/client-dynamodb') as typeof DynamoDb;
const documentClient = requireSdk('@aws-sdk/lib-dynamodb') as typeof DocumentClient;
const { DynamoDBClient } = dynamoDb;
const { DynamoDBDocumentClient } = documentClient;

export const { ConditionalCheckFailedException } = dynamoDb;
export const {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} = documentClient;

/** The one DynamoDB client of a function instance, created at module scope and reused. */
export const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: config.region,
    ...(config.dynamoDbEndpoint
      ? {
          endpoint: config.dynamoDbEndpoint,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);

/**
 * The table every access pattern names: `config.tableName`, fixed for a function's life. Only the
 * tests change it — files that share one process's modules each get a table of their own
 * (`pointAtTableForTests`, from `test/setup-env.ts`); importers see the change, as ES module bindings
 * are live.
 */
export let TABLE = config.tableName;

/** Points every access pattern of this process at another table (tests only; see {@link TABLE}). */
export function pointAtTableForTests(tableName: string): void {
  TABLE = tableName;
}
