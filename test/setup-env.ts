import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { setHashCostForTests } from '../functions/domain/identity/hash-cost';
import { ensureTable } from '../infra/local/dynamodb';
import { ensureBuckets, localBucketNames } from '../infra/local/s3';

// Runs before each test file's imports: point the handlers at this run's DynamoDB Local, SES and
// S3, in a table and buckets of the file's own, exactly as `npm start` configures them. In the
// `api` project one worker's files share its modules (`isolate: false`, see vitest.config.ts): the
// handlers read their configuration once, when the worker's first file imports them, so each later
// file points the loaded modules at its own table and buckets, and a worker keeps one JWT secret.
const worker = globalThis as { timeledgerJwtSecret?: string; timeledgerEarlierFile?: boolean };
worker.timeledgerJwtSecret ??= randomBytes(32).toString('hex');
const jwtSecret = worker.timeledgerJwtSecret;
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
  JWT_SECRET: jwtSecret,
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
// A worker's later files (only in `api`) find the modules loaded: point them at this file's own.
if (worker.timeledgerEarlierFile) {
  const [{ pointAtTableForTests }, { config }] = await Promise.all([
    import('../functions/data/core/client'),
    import('../functions/lib/config'),
  ]);
  pointAtTableForTests(tableName);
  // (The configuration is read-only to the product; the buckets are read where a file is stored.)
  Object.assign(config.buckets as { documents?: string; receipts?: string }, buckets);
}
worker.timeledgerEarlierFile = true;
// A file that replaced the DynamoDB client's `send` with a mock and kept it must not hand it on.
afterAll(async () => {
  const { ddb } = await import('../functions/data/core/client');
  (ddb.send as { restore?: () => void }).restore?.();
});
