import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { setHashCostForTests } from '../functions/domain/identity/hash-cost';
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
// Passwords hash at N=2^10 here, not 2^17: a sign-in then costs milliseconds instead of a second
// of a shared core (most API tests sign up and log in; scrypt was their largest cost). The files
// about hashing, its cost and sign-ins under load set the production cost back; the Lambda
// bundles' smoke run (`npm run test:bundles`) and `npm start` always hash at it.
setHashCostForTests(2 ** 10);
// No stream: only the alert tests read it, and they turn it on (`enableStream`).
await Promise.all([
  ensureTable(inject('dynamoEndpoint'), tableName, { stream: false }),
  ensureBuckets(inject('s3Endpoint'), buckets, 'http://localhost:3000'),
]);
