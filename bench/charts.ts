/**
 * The chart benchmark: for each history size, one user with one project whose N activities spread
 * over the last 12 months are bulk-seeded; then every chart, grid and embed endpoint is called
 * through the local HTTP server (the same route table and handler modules as Lambda) and timed.
 * Imported by `bench/run.ts` only after the environment points at the benchmark's own DynamoDB
 * Local, because the handler modules read their configuration when they load.
 */
import { performance } from 'node:perf_hooks';
import { ulid } from 'ulid';
import { ddb } from '../functions/data/core/client';
import { putDemoProfile } from '../functions/data/identity/demo';
import { bulkSeed } from '../functions/data/tracking/bulk';
import type { FinanceActivityRecord } from '../functions/data/tracking/finance-activities';
import type { TimeActivityRecord } from '../functions/data/tracking/time-activities';
import { addDays, addMonths, dayOf } from '../functions/domain/shared/calendar';
import { signToken } from '../functions/lib/jwt';
import { meterReads } from './read-meter';
import { benchUser } from './stack';

export interface BenchOptions {
  baseUrl: string;
  sizes: number[];
  /** Timed requests per endpoint and size (after a warm-up). */
  requests: number;
  /** Upper bound on the time spent timing one endpoint for one size. */
  maxMsPerEndpoint: number;
  /** Untimed requests before timing an endpoint. */
  warmup: number;
  log: (line: string) => void;
}

export interface EndpointResult {
  size: number;
  endpoint: string;
  requests: number;
  medianMs: number;
  p95Ms: number;
  /** Items DynamoDB read per request (rollup queries' ScannedCount plus project and user items). */
  itemsRead: number;
  /** Read capacity units the rollup queries consumed per request, as DynamoDB reports it (project and user GetItem/Query not included). */
  readUnits: number;
  queries: number;
}

export interface SeedResult {
  size: number;
  itemsWritten: number;
  seconds: number;
}

const TASKS = ['Design', 'Development', 'Meetings', 'Testing', 'Writing', 'Research', 'Admin', 'Support'];
const SUBTASKS = ['Planning', 'Doing', 'Review', 'Follow-up'];
const H = 3_600_000;

/** N activities for one project, evenly over the 12 months up to today: 90 % time, 10 % money. */
function history(userId: string, projectId: string, size: number, today: string) {
  const start = addMonths(today, -12);
  const days = 366;
  const timeActivities: TimeActivityRecord[] = [];
  const financeActivities: FinanceActivityRecord[] = [];
  for (let i = 0; i < size; i++) {
    const day = addDays(start, Math.floor((i * days) / size));
    const date = `${day}T00:00:00.000Z`;
    const base = { userId, projectId, date, version: 1, createdAt: date, updatedAt: date };
    if (i % 10 === 9) {
      financeActivities.push({
        ...base,
        activityId: ulid(),
        task: i % 20 === 19 ? 'Software' : 'Invoice',
        subTask: '',
        amountCents: 1_000 + (i % 50_000),
        expense: i % 20 === 19,
        notes: '',
      });
    } else {
      timeActivities.push({
        ...base,
        activityId: ulid(),
        task: TASKS[i % TASKS.length] as string,
        subTask: SUBTASKS[Math.floor(i / TASKS.length) % SUBTASKS.length] as string,
        startTime: null,
        endTime: null,
        duration: (1 + (i % 8)) * (H / 2),
      });
    }
  }
  return { timeActivities, financeActivities };
}

/** One premium user with one project holding `size` activities over the last 12 months, bulk-seeded. */
export async function seedUser(size: number, today: string) {
  const userId = ulid();
  const projectId = ulid();
  await putDemoProfile(
    benchUser({
      _id: userId,
      name: `Bench ${size}`,
      email: `bench-${size}-${userId}@example.com`,
      enableEmbedding: true,
    }),
  );
  const now = new Date().toISOString();
  const started = performance.now();
  const itemsWritten = await bulkSeed(
    {
      userId,
      projects: [
        {
          projectId,
          userId,
          name: `Project with ${size} activities`,
          description: '',
          enableEmbedding: true,
          totalMs: 0,
          totalIncomeCents: 0,
          totalExpensesCents: 0,
          createdAt: now,
        },
      ],
      ...history(userId, projectId, size, today),
    },
    16,
  );
  return {
    userId,
    projectId,
    token: await signToken({ sub: userId, ver: 0 }),
    seed: { size, itemsWritten, seconds: (performance.now() - started) / 1000 },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function timeEndpoint(
  url: string,
  headers: Record<string, string>,
  options: BenchOptions,
): Promise<Omit<EndpointResult, 'size' | 'endpoint'>> {
  const once = async () => {
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
  };
  const readMeter = meterReads(ddb);
  for (let i = 0; i < options.warmup; i++) await once(); // module load, connection, both JITs
  readMeter.reset();
  const latencies: number[] = [];
  const deadline = performance.now() + options.maxMsPerEndpoint;
  while (latencies.length < options.requests && performance.now() < deadline) {
    const t0 = performance.now();
    await once();
    latencies.push(performance.now() - t0);
  }
  const n = latencies.length;
  latencies.sort((a, b) => a - b);
  return {
    requests: n,
    medianMs: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    itemsRead: readMeter.items / n,
    readUnits: readMeter.capacityUnits / n,
    queries: readMeter.queries / n,
  };
}

/** Seeds each size and times every chart endpoint over the last 12 months. */
export async function benchCharts(
  options: BenchOptions,
): Promise<{ seeds: SeedResult[]; results: EndpointResult[] }> {
  const today = dayOf(new Date());
  const range = `startdate=${addMonths(today, -12)}&enddate=${today}`;
  // The task charts' costliest kind of range: both edge months cut near their middle in the dense
  // part of the history, so about half of each is read day by day (about ten months).
  const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
  const midEdges = `startdate=${addDays(firstOfMonth(addMonths(today, -11)), 15)}&enddate=${addDays(firstOfMonth(addMonths(today, -1)), 14)}`;
  const seeds: SeedResult[] = [];
  const results: EndpointResult[] = [];
  for (const size of options.sizes) {
    const user = await seedUser(size, today);
    seeds.push(user.seed);
    options.log(
      `seeded ${size} activities (${user.seed.itemsWritten} items) in ${user.seed.seconds.toFixed(1)} s`,
    );
    if (size === options.sizes[0]) {
      // DynamoDB Local is a JVM: the first few hundred requests run interpreted. Without this
      // round the first size measured would look slow for reasons unrelated to its data.
      options.log('  warming up DynamoDB Local and the handlers…');
    }
    const p = `projectid=${user.projectId}&${range}`;
    const endpoints: Array<[string, string, Record<string, string>]> = [
      ['time tracked', `/api/projecttimetrackedchart?${p}`, { 'x-auth-token': user.token }],
      ['profit/loss', `/api/projectprofitlosschart?${p}`, { 'x-auth-token': user.token }],
      ['profit/loss per hour', `/api/projectprofitlossperhourchart?${p}`, { 'x-auth-token': user.token }],
      ['time per task', `/api/projecttimepertaskchart?${p}`, { 'x-auth-token': user.token }],
      ['time per task grid', `/api/projecttimepertaskgrid?${p}`, { 'x-auth-token': user.token }],
      ['time per sub-task grid', `/api/projecttimepersubtaskgrid?${p}`, { 'x-auth-token': user.token }],
      [
        'time per sub-task grid, mid-month edges',
        `/api/projecttimepersubtaskgrid?projectid=${user.projectId}&${midEdges}`,
        { 'x-auth-token': user.token },
      ],
      [
        'total time',
        `/api/projecttotaltimetrackedchart?projectid=${user.projectId}`,
        { 'x-auth-token': user.token },
      ],
      ['time per project', '/api/projecttimeperprojectchart', { 'x-auth-token': user.token }],
      ['embed (time tracked)', `/api/embed/${user.userId}/${user.projectId}/timetracked/line?${range}`, {}],
    ];
    if (size === options.sizes[0]) {
      for (const [, path, headers] of endpoints) {
        for (let i = 0; i < 20; i++)
          await fetch(`${options.baseUrl}${path}`, { headers }).then((r) => r.text());
      }
    }
    for (const [endpoint, path, headers] of endpoints) {
      const r = await timeEndpoint(`${options.baseUrl}${path}`, headers, options);
      results.push({ size, endpoint, ...r });
      options.log(
        `  ${String(size).padStart(6)}  ${endpoint.padEnd(24)} median ${r.medianMs.toFixed(1)} ms  p95 ${r.p95Ms.toFixed(1)} ms  items ${r.itemsRead.toFixed(0)}`,
      );
    }
  }
  return { seeds, results };
}

/** The results as a markdown table, with the 100k/1k ratio per endpoint. */
export function chartsMarkdown(seeds: SeedResult[], results: EndpointResult[]): string {
  const sizes = seeds.map((s) => s.size);
  const smallest = Math.min(...sizes);
  const largest = Math.max(...sizes);
  const fmt = (n: number) => n.toLocaleString('en-US');
  const lines = [
    `| endpoint | ${sizes.map((s) => `${fmt(s)}: median / p95 ms`).join(' | ')} | items read per request (${sizes.map(fmt).join(' / ')}) | read units per request | median ${fmt(largest)} ÷ ${fmt(smallest)} |`,
    `|---|${sizes.map(() => '---:').join('|')}|---:|---:|---:|`,
  ];
  const endpoints = [...new Set(results.map((r) => r.endpoint))];
  for (const endpoint of endpoints) {
    const row = sizes.map((s) => results.find((r) => r.endpoint === endpoint && r.size === s));
    const small = row[sizes.indexOf(smallest)];
    const large = row[sizes.indexOf(largest)];
    lines.push(
      `| ${endpoint} | ${row.map((r) => (r ? `${r.medianMs.toFixed(1)} / ${r.p95Ms.toFixed(1)}` : '–')).join(' | ')} | ${row.map((r) => (r ? r.itemsRead.toFixed(0) : '–')).join(' / ')} | ${row.map((r) => (r ? r.readUnits.toFixed(1) : '–')).join(' / ')} | ${small && large ? `${(large.medianMs / small.medianMs).toFixed(2)}×` : '–'} |`,
    );
  }
  lines.push('');
  lines.push(
    `Seeding (bulk, BatchWrite): ${seeds.map((s) => `${fmt(s.size)} activities → ${fmt(s.itemsWritten)} items in ${s.seconds.toFixed(1)} s`).join('; ')}.`,
  );
  return lines.join('\n');
}
