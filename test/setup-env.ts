import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { ensureTable } from '../infra/local/dynamodb';

// Runs before each test file's imports: point the handlers at this run's DynamoDB Local and SES,
// in a table of the file's own, exactly as `npm start` configures them.
const tableName = `test-${randomBytes(6).toString('hex')}`;
Object.assign(process.env, {
  TABLE_NAME: tableName,
  DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
  SES_ENDPOINT: inject('sesEndpoint'),
  AWS_REGION: 'us-east-1',
  APP_URL: 'http://localhost:3000',
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
});
// No stream: only the alert tests read it, and they turn it on (`enableStream`).
await ensureTable(inject('dynamoEndpoint'), tableName, { stream: false });
