import type * as DynamoDb from '@aws-sdk/client-dynamodb';
import type * as DocumentClient from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { requireSdk } from '../lib/sdk';

/*
 * The DynamoDB packages are CommonJS. Loaded with `require` they are compiled once; Node's `import`
 * of a CommonJS file compiles it a second time to tell its format and lexes it for its export
 * names, which took 90–114 ms of a cold start where `require` takes 60–84 (the same client,
 * measured in fresh Node processes). Every data module takes its commands from here, so no
 * function imports them the slow way; types still come from `import type`.
 */
const { DynamoDBClient, ConditionalCheckFailedException } = requireSdk(
  '@aws-sdk/client-dynamodb',
) as typeof DynamoDb;
const {
  DynamoDBDocumentClient,
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} = requireSdk('@aws-sdk/lib-dynamodb') as typeof DocumentClient;

export {
  BatchGetCommand,
  BatchWriteCommand,
  ConditionalCheckFailedException,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
};

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

export const TABLE = config.tableName;
