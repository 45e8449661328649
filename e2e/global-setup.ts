import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../test/global-setup';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Starts the real local stack (`infra/local/start.ts`, what `npm start` runs) on free ports with a
 * throw-away data directory, and stops it — with every child — after the run.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'timeledger-e2e-'));
  const [port, dynamoPort, sesPort, s3Port] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DYNAMODB_PORT: String(dynamoPort),
      SES_PORT: String(sesPort),
      S3_PORT: String(s3Port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`local stack not ready in 300 s:\n${output}`)), 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Wait for the first demo reset too: it runs in the background after start, and tests that
      // race it on two cores see slow answers.
      if (output.includes('Press Ctrl-C to stop.') && output.includes('✔ Demo account')) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited (${code}):\n${output}`));
    });
  });
  project.provide('baseUrl', `http://localhost:${port}`);
  project.provide('sesUrl', `http://127.0.0.1:${sesPort}`);
  return async () => {
    await new Promise<void>((resolveExit) => {
      if (child.exitCode !== null) return resolveExit();
      child.once('exit', () => resolveExit());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
    await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    sesUrl: string;
  }
}
