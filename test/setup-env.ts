import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { ensureTable } from '../infra/local/dynamodb';
import { ensureBuckets, localBucketNames } from '../infra/local/s3';

// Runs before each test file's imports: point the handlers at this run's DynamoDB Local, SES and
// S3, in a table and buckets of the file's own, exactly as `npm start` configures them.
const tableName = `test-${randomBytes(6).toString('hex')}`;
const buckets = localBucketNames(tableName);
Object.assign(process.env, {
  TABLE_NAME: tableName,
  DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
  SES_ENDPOINT: inject('sesEndpoint'),
  S3_ENDPOINT: inject('s3Endpoint'),
  DOCUMENTS_BUCKET: buckets.documents,
  RECEIPTS_BUCKET: buckets.receipts,
  AWS_REGION: 'us-east-1',
  APP_URL: 'http://localhost:3000',
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
});
// No stream: only the alert tests read it, and they turn it on (`enableStream`).
await Promise.all([
  ensureTable(inject('dynamoEndpoint'), tableName, { stream: false }),
  ensureBuckets(inject('s3Endpoint'), buckets, 'http://localhost:3000'),
]);
