/**
 * The mixed write load of issue 39: `--users` (20) users at once, each one client sending one
 * request after another for `--seconds` (30) — creating projects, time entries (none to three tags,
 * some billable), incomes and expenses, moving and editing time entries, and reading their projects
 * and entry lists — through the local API server in a process of its own, with the table's stream
 * fed to its consumers (the per-tag day rollups, the budget alerts) as `npm start` feeds them.
 * Bounded in time and in count (`--max-requests`, per user). Afterwards, once the stream is
 * drained, every total is checked exact against what the clients wrote: each project's time,
 * income and expenses, each user's report by task and by week, and by day under each tag (the
 * stream's rollups). Any difference fails the run.
 *
 * `node --import tsx bench/load.ts [--users=20] [--seconds=30] [--no-save]`; `bench/run.ts` calls
 * `measureLoad()`. Results: `bench/results/load.md` and `.json`. Two runs that are not the product,
 * to see where DynamoDB Local's time goes (docs/write-costs.md): `--no-stream` feeds the stream to
 * no consumer (the tag reports are then not checked), `--table-without-stream` makes the table
 * without its stream at all, so DynamoDB Local writes no stream records (and no consumer runs).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LoadUser } from './load-client';
import { startServerProcess } from './overhead';
import { percentile, RESULTS, startBenchStack } from './stack';

export interface LoadResult {
  users: number;
  seconds: number;
  writes: number;
  reads: number;
  writesPerSecond: number;
  writeP50Ms: number;
  writeP95Ms: number;
  readP50Ms: number;
  readP95Ms: number;
  /** Answers of 500 or more during the timed run (each sent again). */
  serverErrors: number;
  /** What the stream did: fed to its consumers (the product), to none, or no stream on the table. */
  stream: 'consumers' | 'no consumers' | 'no stream';
  exact: boolean;
  problems: string[];
  loadBefore: number[];
  loadAfter: number[];
}

const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

/** Needs the bench stack's environment (table, DynamoDB Local, secret) in this process. */
export async function measureLoad(
  options: {
    users?: number;
    seconds?: number;
    maxRequests?: number;
    /** Without the stream's consumers (to see what they cost; the tag reports are then not checked). */
    noStream?: boolean;
    /** The table was made without a stream (`--table-without-stream`); implies `noStream`. */
    tableWithoutStream?: boolean;
    log?: (line: string) => void;
  } = {},
): Promise<LoadResult> {
  const users = options.users ?? 20;
  const seconds = options.seconds ?? 30;
  const maxRequests = options.maxRequests ?? 20_000;
  const log = options.log ?? (() => {});
  // Loaded here: the handler modules read the stack's configuration when they load.
  const { runUser, seedLoadUser, serverErrors, verifyUser } = await import('./load-client');
  const { feedStream } = await import('../infra/local/stream-feed');
  const { STREAM_CONSUMERS } = await import('../functions/routes');
  const consumers = !options.noStream && !options.tableWithoutStream;
  const stopFeed = !consumers
    ? async () => {}
    : await feedStream(
        process.env.DYNAMODB_ENDPOINT as string,
        process.env.TABLE_NAME as string,
        STREAM_CONSUMERS,
        200,
      );
  const server = await startServerProcess();
  const agent = new Agent({ keepAlive: true, maxSockets: users * 2 });
  try {
    const loadUsers: LoadUser[] = [];
    for (let i = 0; i < users; i++) loadUsers.push(await seedLoadUser(i, server.baseUrl, agent));
    // Warm-up: both processes' JITs and DynamoDB Local's (its JVM interprets at first: a write
    // took seconds before a few hundred had run), 400 requests of the same load or 60 s.
    await Promise.all(loadUsers.slice(0, 4).map((u) => runUser(u, performance.now() + 45_000, 75)));
    await Promise.all(loadUsers.map((u) => runUser(u, performance.now() + 15_000, 5)));
    serverErrors.count = 0;
    const loadBefore = loadavg();
    const writes: number[] = [];
    const reads: number[] = [];
    const t0 = performance.now();
    const deadline = t0 + seconds * 1000;
    const timings = await Promise.all(loadUsers.map((u) => runUser(u, deadline, maxRequests)));
    const elapsed = (performance.now() - t0) / 1000;
    for (const t of timings) {
      writes.push(...t.writes);
      reads.push(...t.reads);
    }
    const loadAfter = loadavg();
    log(`load: ${writes.length} writes, ${reads.length} reads in ${elapsed.toFixed(1)} s; checking totals`);
    const problems: string[] = [];
    for (const u of loadUsers) problems.push(...(await verifyUser(u, 30_000, consumers)));
    writes.sort((a, b) => a - b);
    reads.sort((a, b) => a - b);
    return {
      users,
      seconds: elapsed,
      writes: writes.length,
      reads: reads.length,
      writesPerSecond: writes.length / elapsed,
      writeP50Ms: percentile(writes, 50),
      writeP95Ms: percentile(writes, 95),
      readP50Ms: percentile(reads, 50),
      readP95Ms: percentile(reads, 95),
      serverErrors: serverErrors.count,
      stream: options.tableWithoutStream ? 'no stream' : options.noStream ? 'no consumers' : 'consumers',
      exact: problems.length === 0,
      problems: problems.slice(0, 20),
      loadBefore,
      loadAfter,
    };
  } finally {
    agent.destroy();
    await server.stop();
    await stopFeed();
  }
}

const STREAM_WORDS: Record<LoadResult['stream'], string> = {
  consumers: 'the stream fed to its consumers',
  'no consumers': 'the stream fed to no consumer (not the product: the tag reports are not checked)',
  'no stream': 'the table made without a stream (not the product: no stream records, no consumers)',
};

export function loadMarkdown(r: LoadResult): string {
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  return [
    '# Mixed write load',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} CPUs; load average ${load(r.loadBefore)} before, ${load(r.loadAfter)} after.`,
    '',
    `${r.users} users at once, each sending one request after another for ${r.seconds.toFixed(1)} s through the local API server (a process of its own), ${STREAM_WORDS[r.stream]}; writes: projects, time entries (0–3 tags), incomes and expenses, moves and edits; reads: projects and entry lists.`,
    '',
    '| users | writes/s | write p50 / p95 ms | read p50 / p95 ms | writes | reads | server errors (sent again) | totals exact |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    `| ${r.users} | ${r.writesPerSecond.toFixed(1)} | ${r.writeP50Ms.toFixed(0)} / ${r.writeP95Ms.toFixed(0)} | ${r.readP50Ms.toFixed(0)} / ${r.readP95Ms.toFixed(0)} | ${r.writes} | ${r.reads} | ${r.serverErrors} | ${r.exact ? 'yes' : `**no**: ${r.problems.join('; ')}`} |`,
    '',
  ].join('\n');
}

async function main() {
  const withoutStream = process.argv.includes('--table-without-stream');
  const stack = await startBenchStack({
    tableName: 'load',
    env: process.env.LOAD_LOG_LEVEL ? { LOG_LEVEL: process.env.LOAD_LOG_LEVEL } : {},
    tableStream: !withoutStream,
  });
  try {
    const result = await measureLoad({
      users: Number(option('users', '20')),
      seconds: Number(option('seconds', '30')),
      noStream: process.argv.includes('--no-stream'),
      tableWithoutStream: withoutStream,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const markdown = loadMarkdown(result);
    process.stdout.write(`${markdown}\n`);
    if (!process.argv.includes('--no-save')) {
      await mkdir(RESULTS, { recursive: true });
      await writeFile(join(RESULTS, 'load.md'), markdown);
      await writeFile(join(RESULTS, 'load.json'), `${JSON.stringify(result, null, 2)}\n`);
    }
    if (!result.exact) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
