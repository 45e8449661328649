/**
 * The timesheet benchmark: for each history size (1,000 / 10,000 / 100,000 activities over the
 * last 12 months, bulk-seeded as the chart benchmark does), the first page of
 * `GET /api/timeactivities` over those 12 months through the local HTTP server: items read per
 * request and latency. Also a text search over the same range, to show its bound.
 *
 * Runnable alone (`node --import tsx bench/timesheet.ts [--sizes=…] [--requests=…]`: its own
 * DynamoDB Local in memory and API server on free ports) and from `npm run bench` (`bench/run.ts`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { meterReads } from './read-meter';
import { percentile, RESULTS, startBenchStack } from './stack';

export interface TimesheetBenchOptions {
  baseUrl: string;
  sizes: number[];
  requests: number;
  /** Untimed requests before each query is timed (5 when not given). */
  warmup?: number;
  /** Upper bound on the time spent timing one query for one size (20 s when not given). */
  maxMsPerQuery?: number;
  log: (line: string) => void;
}

export interface TimesheetResult {
  size: number;
  query: string;
  requests: number;
  medianMs: number;
  p95Ms: number;
  itemsRead: number;
  entriesAnswered: number;
}

const addMonthsIso = (day: string, months: number) => {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

export async function benchTimesheet(options: TimesheetBenchOptions): Promise<TimesheetResult[]> {
  const { warmup = 5, maxMsPerQuery = 20_000 } = options;
  // Loaded here: the handler modules read their configuration (table, endpoint) when they load.
  const { seedUser } = await import('./charts');
  const { ddb } = await import('../functions/data/core/client');
  const readMeter = meterReads(ddb);
  const today = new Date().toISOString().slice(0, 10);
  const range = { startdate: addMonthsIso(today, -12), enddate: today };
  const queries: [string, Record<string, string>][] = [
    ['first page, 12 months (100 entries)', range],
    ['search "review", 12 months, first page', { ...range, q: 'review' }],
  ];
  const results: TimesheetResult[] = [];
  for (const size of options.sizes) {
    const user = await seedUser(size, today);
    options.log(`seeded ${size}: ${user.seed.itemsWritten} items in ${user.seed.seconds.toFixed(1)} s`);
    for (const [name, query] of queries) {
      const url = `${options.baseUrl}/api/timeactivities?${new URLSearchParams(query).toString()}`;
      let answered = 0;
      const once = async () => {
        const res = await fetch(url, { headers: { 'x-auth-token': user.token } });
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
        answered = ((await res.json()) as unknown[]).length;
      };
      for (let i = 0; i < warmup; i++) await once();
      readMeter.reset();
      const latencies: number[] = [];
      const deadline = performance.now() + maxMsPerQuery;
      while (latencies.length < options.requests && performance.now() < deadline) {
        const t0 = performance.now();
        await once();
        latencies.push(performance.now() - t0);
      }
      latencies.sort((a, b) => a - b);
      const result = {
        size,
        query: name,
        requests: latencies.length,
        medianMs: percentile(latencies, 50),
        p95Ms: percentile(latencies, 95),
        itemsRead: readMeter.items / latencies.length,
        entriesAnswered: answered,
      };
      results.push(result);
      options.log(
        `${size} ${name}: median ${result.medianMs.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms, ${result.itemsRead} items read, ${answered} answered`,
      );
    }
  }
  return results;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The bench/README.md table: one row per query, the sizes side by side. */
export function timesheetMarkdown(results: TimesheetResult[]): string {
  const sizes = [...new Set(results.map((r) => r.size))];
  const names = [...new Set(results.map((r) => r.query))];
  const rows = names.map((name) => {
    const of = (size: number) => results.find((r) => r.query === name && r.size === size);
    const first = of(sizes[0] as number);
    const last = of(sizes[sizes.length - 1] as number);
    const ratio = first && last ? `${(last.medianMs / first.medianMs).toFixed(2)}×` : '';
    const cells = sizes.map((s) => {
      const r = of(s);
      return r ? `${r.medianMs.toFixed(1)} / ${r.p95Ms.toFixed(1)}` : '';
    });
    const items = sizes.map((s) => fmt(of(s)?.itemsRead ?? 0)).join(' / ');
    const answered = sizes.map((s) => fmt(of(s)?.entriesAnswered ?? 0)).join(' / ');
    return `| ${name} | ${cells.join(' | ')} | ${items} | ${answered} | ${ratio} |`;
  });
  return [
    `| query | ${sizes.map((s) => `${fmt(s)}: median / p95 ms`).join(' | ')} | items read per request (${sizes.map(fmt).join(' / ')}) | entries answered | median ${fmt(sizes[sizes.length - 1] as number)} ÷ ${fmt(sizes[0] as number)} |`,
    `|---|${sizes.map(() => '---:').join('|')}|---:|---:|---:|`,
    ...rows,
  ].join('\n');
}

/** Alone: its own stack (`bench/stack.ts`), then the table to stdout and `bench/results/`. */
async function main() {
  const option = (name: string, fallback: string) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const sizes = option('sizes', '1000,10000,100000').split(',').map(Number);
  const requests = Number(option('requests', '30'));
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const stack = await startBenchStack();
  try {
    const results = await benchTimesheet({ baseUrl: stack.baseUrl, sizes, requests, log });
    await writeTimesheetResults(results, requests);
  } finally {
    await stack.stop();
  }
}

/** Prints the table and saves it to `bench/results/timesheet.md` and `.json`. */
export async function writeTimesheetResults(results: TimesheetResult[], requests: number) {
  const table = timesheetMarkdown(results);
  const dir = RESULTS;
  await mkdir(dir, { recursive: true });
  const ranAt = new Date().toISOString();
  await writeFile(
    join(dir, 'timesheet.md'),
    `# Timesheet benchmark\n\nRun ${ranAt}; ${requests} sequential requests per query and size over HTTP through the local server, DynamoDB Local in memory.\n\n${table}\n`,
  );
  await writeFile(join(dir, 'timesheet.json'), `${JSON.stringify({ ranAt, requests, results }, null, 2)}\n`);
  process.stdout.write(`\n${table}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
