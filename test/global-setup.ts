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

interface Stack {
  dynamo: string;
  ses: string;
  s3: string;
  s3Events: string;
  stop: () => Promise<void>;
}

/** DynamoDB Local (in memory), the local SES and the local S3 server (its files in a temporary folder). */
async function startStack(): Promise<Stack> {
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  const ses = await startLocalSes(await freePort());
  const s3Directory = await mkdtemp(join(tmpdir(), 'timeledger-s3-'));
  // Its event notifications are kept for the test files' receipt checks (`s3-events.ts`).
  const relay = await startEventRelay();
  const s3 = await startLocalS3({ port: await freePort(), directory: s3Directory, onEvent: relay.listener });
  return {
    dynamo: dynamo.endpoint,
    ses: ses.endpoint,
    s3: s3.endpoint,
    s3Events: relay.endpoint,
    stop: async () => {
      await s3.stop();
      await relay.stop();
      await rm(s3Directory, { recursive: true, force: true });
      await ses.stop();
      await dynamo.stop();
    },
  };
}

/**
 * The stack the API projects share in Vitest's main process: Vitest runs a project's global setup
 * once per project, and each would otherwise start a JVM of its own and warm it up alone (the
 * files that run alone then met a cold one). The last project to finish stops it.
 */
const shared = globalThis as { timeledgerStack?: { started: Promise<Stack>; users: number } };

/**
 * Once per test run, for the projects whose files need it (the UI files start nothing): a real
 * DynamoDB Local, the local SES and the local S3 server. Each test file then makes its own table
 * and buckets (see `setup-env.ts`), so files run in parallel without seeing each other's data.
 */
export default async function setup(project: TestProject) {
  shared.timeledgerStack ??= { started: startStack(), users: 0 };
  const own = shared.timeledgerStack;
  own.users++;
  const stack = await own.started;
  project.provide('dynamoEndpoint', stack.dynamo);
  project.provide('sesEndpoint', stack.ses);
  project.provide('s3Endpoint', stack.s3);
  project.provide('s3EventsEndpoint', stack.s3Events);
  return async () => {
    if (--own.users > 0) return;
    shared.timeledgerStack = undefined;
    await stack.stop();
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
