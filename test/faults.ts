import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ddb } from '../functions/data/core/client';
import { config } from '../functions/lib/config';

/** A second, unmocked client on the same DynamoDB Local: the fault mocks forward to it. */
export const realDdb = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: config.region,
    endpoint: config.dynamoDbEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);

/**
 * Installs a mock on the handlers' client that forwards every command the code sends to DynamoDB
 * Local, so a test can then replace one command's behaviour to inject a fault. Restore it after.
 */
export function passThroughDdb() {
  const mock = mockClient(ddb);
  // Every signed-in request reads the profile and the token's deny-list entry in one BatchGet.
  mock.on(BatchGetCommand).callsFake((input) => realDdb.send(new BatchGetCommand(input)));
  mock.on(GetCommand).callsFake((input) => realDdb.send(new GetCommand(input)));
  mock.on(PutCommand).callsFake((input) => realDdb.send(new PutCommand(input)));
  mock.on(DeleteCommand).callsFake((input) => realDdb.send(new DeleteCommand(input)));
  mock.on(UpdateCommand).callsFake((input) => realDdb.send(new UpdateCommand(input)));
  mock.on(BatchWriteCommand).callsFake((input) => realDdb.send(new BatchWriteCommand(input)));
  mock.on(TransactWriteCommand).callsFake((input) => realDdb.send(new TransactWriteCommand(input)));
  mock.on(QueryCommand).callsFake((input) => realDdb.send(new QueryCommand(input)));
  mock.on(ScanCommand).callsFake((input) => realDdb.send(new ScanCommand(input)));
  return mock;
}

/**
 * `passThroughDdb` with the transactions whose number (1, 2, … from now) `fails` picks failing as a
 * dropped connection would: nothing written, a `NetworkingError` named "connection reset" thrown.
 */
export function failingTransactions(fails: (n: number) => boolean) {
  const mock = passThroughDdb();
  let transactions = 0;
  mock.on(TransactWriteCommand).callsFake((input) => {
    transactions += 1;
    if (fails(transactions)) throw Object.assign(new Error('connection reset'), { name: 'NetworkingError' });
    return realDdb.send(new TransactWriteCommand(input));
  });
  return mock;
}
