import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { BUCKETS } from '../../functions/lib/buckets';
import { newS3Client } from '../../functions/lib/s3-client';
import { freePort } from '../../test/global-setup';
import { localDynamoClient } from './dynamodb';

const ROOT = resolve(import.meta.dirname, '../..');

interface Stack {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startStack(env: Record<string, string>): Stack {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  return { child, output: () => output, exited };
}

async function waitFor(stack: Stack, text: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!stack.output().includes(text)) {
    if (stack.child.exitCode !== null) throw new Error(`stack exited early:\n${stack.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}":\n${stack.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Whether a TCP connection to the address and port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolveConnect) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolveConnect(true);
    });
    socket.once('error', () => resolveConnect(false));
  });
}

/** Java processes whose command line mentions the directory: DynamoDB Local started for it. */
function javaProcessesFor(dir: string): number {
  try {
    return execFileSync('pgrep', ['-f', `dbPath ${dir}`])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean).length;
  } catch {
    return 0;
  }
}

describe('npm start (infra/local/start.ts)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('prints one line per service, stops every child on SIGTERM, and keeps the data across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'timeledger-start-'));
    dirs.push(dataDir);
    const env = {
      PORT: String(await freePort()),
      DYNAMODB_PORT: String(await freePort()),
      SES_PORT: String(await freePort()),
      S3_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      TABLE_NAME: 'timeledger',
    };
    const endpoint = `http://127.0.0.1:${env.DYNAMODB_PORT}`;

    const first = startStack(env);
    await waitFor(first, 'Press Ctrl-C to stop.');
    for (const service of ['DynamoDB Local', 'SES (local)', 'S3 (local)', 'API', 'App', 'Embed']) {
      expect(first.output()).toContain(`✔ ${service}`);
    }
    const api = await fetch(`http://localhost:${env.PORT}/api/auth`);
    expect(api.status).toBe(401);
    const inbox = await fetch(`http://127.0.0.1:${env.SES_PORT}/store`);
    expect(inbox.status).toBe(200);
    expect(first.output()).toContain(`${join(dataDir, 's3')}`);
    // HOST unset: the app, the local SES and the local S3 take loopback only, not the machine's network address.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && !a.internal && a.family === 'IPv4')?.address;
    if (lan) {
      for (const port of [env.PORT, env.SES_PORT, env.S3_PORT]) {
        expect(await accepts('127.0.0.1', Number(port)), port).toBe(true);
        expect(await accepts(lan, Number(port)), `${lan}:${port}`).toBe(false);
      }
    }

    const doc = DynamoDBDocumentClient.from(localDynamoClient(endpoint));
    await doc.send(
      new PutCommand({ TableName: 'timeledger', Item: { PK: 'PROBE', SK: 'PROBE', kept: 'yes' } }),
    );
    const s3 = newS3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${env.S3_PORT}` });
    const probe = { Bucket: BUCKETS.receipts.localName, Key: 'users/PROBE/receipts/PROBE' };
    await s3.send(new PutObjectCommand({ ...probe, Body: 'kept', ContentType: 'text/plain' }));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(javaProcessesFor(join(dataDir, 'dynamodb'))).toBe(0);

    const second = startStack(env);
    await waitFor(second, 'Press Ctrl-C to stop.');
    const read = await doc.send(
      new GetCommand({ TableName: 'timeledger', Key: { PK: 'PROBE', SK: 'PROBE' } }),
    );
    expect(read.Item?.kept).toBe('yes');
    const object = await s3.send(new GetObjectCommand(probe));
    expect(await object.Body?.transformToString()).toBe('kept');
    s3.destroy();
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    doc.destroy();
  }, 240_000);

  it.each(['PORT', 'S3_PORT'])(
    'says in one line what to do when the port of %s is taken',
    async (name) => {
      const busy = createServer();
      const port = await freePort();
      await new Promise<void>((r) => busy.listen(port, '127.0.0.1', r));
      try {
        const stack = startStack({
          PORT: String(await freePort()),
          DYNAMODB_PORT: String(await freePort()),
          SES_PORT: String(await freePort()),
          S3_PORT: String(await freePort()),
          [name]: String(port),
          DATA_DIR: join(tmpdir(), 'timeledger-unused'),
        });
        expect(await stack.exited).toBe(1);
        expect(stack.output().trim().split('\n').at(-1)).toBe(
          `✖ Port ${port} is in use: stop whatever uses it or set ${name} to another port.`,
        );
        expect(stack.output()).not.toMatch(/\bat .+:\d+:\d+/);
      } finally {
        busy.close();
      }
    },
    60_000,
  );
});
