import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../infra/local/dynamodb';
import { startLocalS3 } from '../infra/local/s3';
import { startLocalSes } from '../infra/local/ses';
import { startEventRelay } from './s3-event-relay';

/** A free loopback port, so parallel runs (and a running `npm start`) never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Once per test run: a real DynamoDB Local (in memory), the local SES and the local S3 server (its
 * files in a temporary folder, removed afterwards). Each test file then makes its own table and
 * buckets (see `setup-env.ts`), so files run in parallel without seeing each other's data.
 */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  const ses = await startLocalSes(await freePort());
  const s3Directory = await mkdtemp(join(tmpdir(), 'timeledger-s3-'));
  // Its event notifications are kept for the test files' receipt checks (`s3-events.ts`).
  const relay = await startEventRelay();
  const s3 = await startLocalS3({ port: await freePort(), directory: s3Directory, onEvent: relay.listener });
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('sesEndpoint', ses.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  project.provide('s3EventsEndpoint', relay.endpoint);
  return async () => {
    await s3.stop();
    await relay.stop();
    await rm(s3Directory, { recursive: true, force: true });
    await ses.stop();
    await dynamo.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    sesEndpoint: string;
    s3Endpoint: string;
    s3EventsEndpoint: string;
  }
}
