import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../infra/local/dynamodb';
import { startLocalSes } from '../infra/local/ses';

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
 * Once per test run: a real DynamoDB Local (in memory) and the local SES. Each test file then makes
 * its own table (see `setup-env.ts`), so files run in parallel without seeing each other's data.
 */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  const ses = await startLocalSes(await freePort());
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('sesEndpoint', ses.endpoint);
  return async () => {
    await ses.stop();
    await dynamo.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    sesEndpoint: string;
  }
}
