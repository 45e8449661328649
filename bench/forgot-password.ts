/**
 * Forgot-password timing: does `POST /api/forgotpassword` take as long for an unknown address as
 * for a registered one? Starts its own DynamoDB Local (in memory), local SES and local API server
 * on free ports, registers one account, then sends interleaved pairs of requests over HTTP — one for
 * the registered address, one for a fresh unknown address, in alternating order — and prints the
 * medians, the p95s and the median of the per-pair differences.
 *
 *   node --import tsx bench/forgot-password.ts [--pairs=30] [--floor=<ms>]
 *
 * `--floor` overrides `FORGOT_PASSWORD_FLOOR_MS` (`--floor=0` shows the unpadded paths). Bounded:
 * at most `pairs` + 3 warm-up pairs, each request with a 10 s timeout; only 127.0.0.1 is called.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchUser, startBenchStack } from './stack';

const ROOT = resolve(import.meta.dirname, '..');
const log = (line: string) => process.stdout.write(`${line}\n`);

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (position - low);
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const pairs = Math.min(Number(option('pairs') ?? '30'), 200);
  if (!Number.isInteger(pairs) || pairs < 20) throw new Error('--pairs must be an integer from 20 to 200');
  const floor = option('floor');

  const stack = await startBenchStack({
    ses: true,
    env: {
      // One registered address asks many times: the per-email limit would answer 429 after 5.
      LIMIT_RESET_REQUESTS_PER_EMAIL: '100000',
      ...(floor !== undefined ? { FORGOT_PASSWORD_FLOOR_MS: floor } : {}),
    },
  });
  try {
    const { config } = await import('../functions/lib/config');
    const { newUserItems } = await import('../functions/data/identity/users');
    const { transactWrite } = await import('../functions/data/core/transact');

    const known = `known-${randomBytes(4).toString('hex')}@example.com`;
    await transactWrite(
      newUserItems(
        benchUser({
          _id: `bench${randomBytes(6).toString('hex')}`,
          name: 'Bench',
          email: known,
          premium: false,
        }),
      ),
    );

    const ask = async (email: string): Promise<number> => {
      const started = performance.now();
      const res = await fetch(`${stack.baseUrl}/api/forgotpassword`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${email}: ${res.status}`);
      return ms;
    };
    const unknown = () => `nobody-${randomBytes(6).toString('hex')}@example.com`;

    for (let i = 0; i < 3; i++) {
      await ask(known);
      await ask(unknown());
    }
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < pairs; i++) {
      // Alternate which goes first, so a warm connection or cache favours neither.
      if (i % 2 === 0) {
        knownMs.push(await ask(known));
        unknownMs.push(await ask(unknown()));
      } else {
        unknownMs.push(await ask(unknown()));
        knownMs.push(await ask(known));
      }
    }
    const differences = knownMs.map((ms, i) => ms - (unknownMs[i] ?? 0));
    const fmt = (ms: number) => ms.toFixed(1);
    const line = `| ${config.forgotPasswordFloorMs} ms | ${pairs} | ${fmt(median(knownMs))} / ${fmt(quantile(knownMs, 0.95))} | ${fmt(median(unknownMs))} / ${fmt(quantile(unknownMs, 0.95))} | ${fmt(median(differences))} |`;
    const table = [
      `Run ${new Date().toISOString()} on ${cpus().length} CPU, Node ${process.version}, DynamoDB Local in memory, local SES; interleaved pairs over HTTP through the local server.`,
      '',
      '| floor | pairs | registered: median / p95 ms | unknown: median / p95 ms | median of (registered − unknown) ms |',
      '| ---: | ---: | ---: | ---: | ---: |',
      line,
    ].join('\n');
    log(table);
    await mkdir(join(ROOT, 'bench/results'), { recursive: true });
    await writeFile(
      join(ROOT, `bench/results/forgot-password-floor-${config.forgotPasswordFloorMs}.md`),
      `${table}\n`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`✖ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
