import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getVoucher } from '../functions/data/identity/vouchers';
import { freePort } from '../test/global-setup';

const ROOT = join(import.meta.dirname, '..');

/** Runs `npm run voucher -- <args>` the way an operator does (node + tsx, from the project root). */
function runVoucher(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/voucher.ts', ...args], {
      cwd: ROOT,
      env: env as NodeJS.ProcessEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The environment of a shell with nothing set but the basics. */
const { TABLE_NAME: _t, DYNAMODB_ENDPOINT: _d, SES_ENDPOINT: _s, JWT_SECRET: _j, ...baseEnv } = process.env;
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

describe('npm run voucher -- create', () => {
  it('prints the requested number of new, unclaimed codes, one a line, stored in the table', async () => {
    const res = await runVoucher(['create', '--count', '3'], {
      ...baseEnv,
      TABLE_NAME: process.env.TABLE_NAME,
      DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
    });

    expect(res.code).toBe(0);
    const codes = res.stdout.trim().split('\n');
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) {
      expect(code).toMatch(CODE);
      expect(await getVoucher(code)).toMatchObject({ code });
      expect((await getVoucher(code))?.claimedBy).toBeUndefined();
    }
  });

  it('creates one code without --count', async () => {
    const res = await runVoucher(['create'], {
      ...baseEnv,
      TABLE_NAME: process.env.TABLE_NAME,
      DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
    });
    expect(res.code).toBe(0);
    expect(res.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('says in one line that DynamoDB Local is not running when the local stack is down', async () => {
    const res = await runVoucher(['create'], { ...baseEnv, DYNAMODB_PORT: String(await freePort()) });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(
      /^DynamoDB Local is not running at http:\/\/127\.0\.0\.1:\d+ — start the local stack/,
    );
  });

  it('explains its usage for an unknown command or a bad count', async () => {
    for (const args of [['list'], ['create', '--count', 'many'], ['create', '--count', '0']]) {
      const res = await runVoucher(args, baseEnv);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('Usage: npm run voucher -- create [--count N]');
    }
  });
});
