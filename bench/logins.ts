/**
 * Logins per second (issue 35, item 2): correct `POST /api/auth` logins over HTTP through the local
 * server — one process, so one Lambda instance with its hash slots (`PASSWORD_HASH_SLOTS`) — at
 * 1, 5 and 20 at a time. For each it counts the logins answered 200 before the first answer that
 * was not (a 503 `SIGN_IN_BUSY` or worse), their rate, and every status seen. The rate at 1 at a
 * time is one instance's: on AWS the sign-in functions' reserved concurrency multiplies it.
 *
 *   node --import tsx bench/logins.ts [--seconds=15] [--concurrency=1,5,20]
 *
 * Bounded: each level runs at most `seconds` (≤ 60) and 400 requests, each request with a 15 s
 * timeout; only 127.0.0.1 is called. `npm run bench` runs it on its own stack.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchUser, percentile } from './stack';

export interface LoginLevel {
  concurrency: number;
  requests: number;
  /** Logins answered 200 before the first answer that was not, and the seconds they took. */
  okBeforeFirstRefusal: number;
  secondsBeforeFirstRefusal: number;
  perSecondBeforeFirstRefusal: number;
  /** Over the whole run: 200s per second, and every status with its count. */
  okPerSecond: number;
  statuses: Record<string, number>;
  p50Ms: number;
  p95Ms: number;
}

const MAX_REQUESTS = 400;

/** One account with a real password hash (N=2^17), stored directly: the benchmark times logins only. */
async function seedAccount(): Promise<{ email: string; password: string }> {
  const { hashPassword } = await import('../functions/domain/identity/passwords');
  const { newUserItems } = await import('../functions/data/identity/users');
  const { transactWrite } = await import('../functions/data/core/transact');
  const email = `bench-login-${randomBytes(5).toString('hex')}@example.com`;
  const password = `Quiet ${randomBytes(9).toString('base64url')} river`;
  const _id = `bench${randomBytes(6).toString('hex')}`;
  await transactWrite(
    newUserItems(benchUser({ _id, name: 'Login bench', email, passwordHash: await hashPassword(password) })),
  );
  return { email, password };
}

async function level(
  baseUrl: string,
  account: { email: string; password: string },
  concurrency: number,
  seconds: number,
): Promise<LoginLevel> {
  const started = performance.now();
  const until = started + seconds * 1000;
  const statuses: Record<string, number> = {};
  const times: number[] = [];
  let sent = 0;
  let ok = 0;
  let firstRefusalAt: number | undefined;
  let okBeforeRefusal = 0;
  const worker = async () => {
    while (performance.now() < until && sent < MAX_REQUESTS) {
      sent++;
      const t0 = performance.now();
      let status: string;
      try {
        const res = await fetch(`${baseUrl}/api/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(account),
          signal: AbortSignal.timeout(15_000),
        });
        await res.text();
        status = String(res.status);
      } catch {
        status = 'no answer';
      }
      const t1 = performance.now();
      times.push(t1 - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === '200') {
        ok++;
        if (firstRefusalAt === undefined) okBeforeRefusal++;
      } else if (firstRefusalAt === undefined) {
        firstRefusalAt = t1;
      }
      // A refused login waits a moment, as a client honouring Retry-After would, but stays bounded.
      if (status === '503') await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const ended = performance.now();
  const beforeMs = (firstRefusalAt ?? ended) - started;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    concurrency,
    requests: sent,
    okBeforeFirstRefusal: okBeforeRefusal,
    secondsBeforeFirstRefusal: beforeMs / 1000,
    perSecondBeforeFirstRefusal: okBeforeRefusal / (beforeMs / 1000),
    okPerSecond: ok / ((ended - started) / 1000),
    statuses,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
  };
}

/** Runs the levels one after another against `baseUrl` (a local server) and answers the table. */
export async function benchLogins(options: {
  baseUrl: string;
  concurrency?: number[];
  seconds?: number;
  log?: (line: string) => void;
}): Promise<{ markdown: string; json: { levels: LoginLevel[]; slots: number } }> {
  const seconds = Math.min(options.seconds ?? 15, 60);
  const account = await seedAccount();
  const levels: LoginLevel[] = [];
  for (const c of options.concurrency ?? [1, 5, 20]) {
    const result = await level(options.baseUrl, account, Math.min(Math.max(1, c), 50), seconds);
    options.log?.(`c=${c}: ${JSON.stringify(result)}`);
    levels.push(result);
  }
  const { config } = await import('../functions/lib/config');
  const slots = config.passwordHashing.slots;
  const fmt = (n: number, digits = 2) => n.toFixed(digits);
  const rows = levels.map(
    (l) =>
      `| ${l.concurrency} | ${l.requests} | ${l.okBeforeFirstRefusal} in ${fmt(l.secondsBeforeFirstRefusal, 1)} s | **${fmt(l.perSecondBeforeFirstRefusal)}** | ${fmt(l.okPerSecond)} | ${Object.entries(
        l.statuses,
      )
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')} | ${Math.round(l.p50Ms)} / ${Math.round(l.p95Ms)} |`,
  );
  const one = levels.find((l) => l.concurrency === 1);
  const markdown = [
    `One process (one Lambda instance) with ${slots} hash slot(s), ${config.passwordHashing.queue} waiting at most; correct logins, ${seconds} s (at most ${MAX_REQUESTS} requests) per level; a client told 503 waits 250 ms.`,
    '',
    '| at once | requests | 200s before the first other answer | logins/s before it | logins/s overall | answers | p50 / p95 ms |',
    '| ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...rows,
    '',
    one
      ? `Per Lambda instance (one request at a time, as Lambda runs it): about ${fmt(one.okPerSecond)} logins/s on this machine; on AWS the sign-in functions' reserved concurrency (\`signInConcurrency\`) multiplies it.`
      : '',
  ].join('\n');
  return { markdown, json: { levels, slots } };
}

async function main() {
  const option = (name: string) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const { startBenchStack } = await import('./stack');
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { RESULTS } = await import('./stack');
  const stack = await startBenchStack();
  try {
    const before = loadavg().map((l) => l.toFixed(2));
    const result = await benchLogins({
      baseUrl: stack.baseUrl,
      seconds: Number(option('seconds') ?? '15'),
      concurrency: (option('concurrency') ?? '1,5,20').split(',').map(Number),
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const note = `Run ${new Date().toISOString()} on ${cpus().length} CPU, Node ${process.version}, DynamoDB Local in memory; load average ${before.join(', ')} before, ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} after.`;
    process.stdout.write(`${note}\n\n${result.markdown}\n`);
    await mkdir(RESULTS, { recursive: true });
    await writeFile(join(RESULTS, 'logins.md'), `# Logins per second\n\n${note}\n\n${result.markdown}\n`);
    await writeFile(join(RESULTS, 'logins.json'), `${JSON.stringify({ note, ...result.json }, null, 2)}\n`);
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    process.stderr.write(`✖ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
