/**
 * The report benchmark: for each history size (1,000 and 100,000 time entries over the last 12
 * months), one premium user with 3 clients and 6 projects whose entries carry tasks, tags and both
 * billable and unbillable time is bulk-seeded (the same one write path computes the rollups); then
 * `GET /api/reports` for those 12 months (a range cut inside its edge months, the costliest kind),
 * for the calendar year so far, by every grouping and with a tag filter (by day with a tag filter
 * also for a user who rounds), is timed through the local HTTP server — the sizes' requests
 * interleaved, so the machine's other work weighs on both alike — and the items each request
 * reads are counted.
 *
 * Runnable alone (`node --import tsx bench/reports.ts [--sizes=1000,100000] [--requests=20]`: its
 * own DynamoDB Local in memory and API server on free ports) and from `npm run bench`.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ulid } from 'ulid';
import type { ProjectRecord } from '../functions/data/tracking/projects';
import type { TimeActivityRecord } from '../functions/data/tracking/time-activities';
import { meterReads } from './read-meter';
import { benchUser, cliOption, percentile, saveBenchResults, startBenchStack } from './stack';

export interface ReportBenchOptions {
  baseUrl: string;
  sizes: number[];
  requests: number;
  log: (line: string) => void;
}

export interface ReportResult {
  size: number;
  query: string;
  requests: number;
  medianMs: number;
  p95Ms: number;
  itemsRead: number;
  rows: number;
}

const H = 3_600_000;
const TASKS = ['Design', 'Development', 'Meetings', 'Testing', 'Writing', 'Research', 'Admin', 'Support'];
/** Tags as people use them: most entries none or one, a few two. */
const TAG_SETS = [[], [], [], ['review'], ['urgent'], ['call'], ['review', 'urgent'], ['onsite']];

const dayOffset = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One user with 3 clients, 6 projects (one without a client, one not billable) and `size` entries. */
async function seedReportUser(size: number, today: string) {
  const { bulkSeed } = await import('../functions/data/tracking/bulk');
  const { putDemoProfile } = await import('../functions/data/identity/demo');
  const { addClient, NO_BUYER_DETAILS } = await import('../functions/data/billing/clients');
  const { signToken } = await import('../functions/lib/jwt');
  const userId = ulid();
  await putDemoProfile(
    benchUser({ _id: userId, name: `Reports ${size}`, email: `reports-${size}-${userId}@example.com` }),
  );
  const now = new Date().toISOString();
  const clientIds: string[] = [];
  for (const name of ['Acme', 'Globex', 'Initech']) {
    const clientId = ulid();
    await addClient({
      clientId,
      userId,
      name,
      email: '',
      address: '',
      taxId: '',
      ...NO_BUYER_DETAILS,
      createdAt: now,
      updatedAt: now,
    });
    clientIds.push(clientId);
  }
  const projects: ProjectRecord[] = Array.from({ length: 6 }, (_, i) => ({
    projectId: ulid(),
    userId,
    name: `Project ${i + 1}`,
    description: '',
    enableEmbedding: false,
    totalMs: 0,
    totalIncomeCents: 0,
    totalExpensesCents: 0,
    hourlyRateCents: i === 5 ? null : 5_000 + i * 1_250,
    clientId: i < 5 ? (clientIds[i % 3] as string) : null,
    billableByDefault: i !== 4,
    createdAt: now,
  }));
  const start = dayOffset(today, -365);
  const timeActivities: TimeActivityRecord[] = [];
  for (let i = 0; i < size; i++) {
    const project = projects[i % projects.length] as ProjectRecord;
    const date = `${dayOffset(start, Math.floor((i * 366) / size))}T00:00:00.000Z`;
    timeActivities.push({
      activityId: ulid(),
      userId,
      projectId: project.projectId,
      task: TASKS[(i * 7) % TASKS.length] as string,
      subTask: '',
      date,
      startTime: null,
      endTime: null,
      duration: ((i % 17) + 1) * (H / 8) + (i % 59) * 1000,
      billable: project.billableByDefault !== false && i % 11 !== 0,
      tags: TAG_SETS[i % TAG_SETS.length] as string[],
      version: 1,
      createdAt: date,
      updatedAt: date,
    });
  }
  const started = performance.now();
  const items = await bulkSeed({ userId, projects, timeActivities, financeActivities: [] }, 16);
  return {
    token: await signToken({ sub: userId, ver: 0 }),
    seed: { size, items, seconds: (performance.now() - started) / 1000 },
  };
}

/** Sets the bench user's rounding (`POST /api/usersettings`). */
async function setRounding(baseUrl: string, token: string, rounding: { mode: string; minutes: number }) {
  const res = await fetch(`${baseUrl}/api/usersettings`, {
    method: 'POST',
    headers: { 'x-auth-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ rounding }),
  });
  if (!res.ok) throw new Error(`usersettings answered ${res.status}`);
}

interface BenchUser {
  size: number;
  token: string;
}

/**
 * Times one query for every user, their requests interleaved (one user's, then the next's, …), so
 * whatever else the machine does at the time weighs on every size alike and the ratio between
 * sizes holds on a busy machine too. Bounded: `requests` rounds, or 20 s per user.
 */
async function timeQuery(
  path: string,
  users: BenchUser[],
  requests: number,
  meter: ReturnType<typeof meterReads>,
): Promise<Omit<ReportResult, 'query'>[]> {
  const once = async (user: BenchUser) => {
    const res = await fetch(path, { headers: { 'x-auth-token': user.token } });
    const body = (await res.json()) as { rows?: unknown[] };
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    return body.rows?.length ?? 0;
  };
  for (const user of users) for (let i = 0; i < 5; i++) await once(user);
  const runs = users.map(() => ({ latencies: [] as number[], items: 0, rows: 0 }));
  const deadline = performance.now() + 20_000 * users.length;
  for (let round = 0; round < requests && performance.now() < deadline; round++) {
    for (const [i, user] of users.entries()) {
      const run = runs[i] as (typeof runs)[number];
      meter.reset();
      const t0 = performance.now();
      run.rows = await once(user);
      run.latencies.push(performance.now() - t0);
      run.items += meter.items;
    }
  }
  return users.map((user, i) => {
    const { latencies, items, rows } = runs[i] as (typeof runs)[number];
    latencies.sort((a, b) => a - b);
    return {
      size: user.size,
      requests: latencies.length,
      medianMs: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      itemsRead: items / latencies.length,
      rows,
    };
  });
}

export async function benchReports(options: ReportBenchOptions): Promise<ReportResult[]> {
  const { ddb } = await import('../functions/data/core/client');
  const meter = meterReads(ddb);
  const today = new Date().toISOString().slice(0, 10);
  const last12 = { startdate: dayOffset(today, -365), enddate: today };
  const thisYear = { startdate: `${today.slice(0, 4)}-01-01`, enddate: `${today.slice(0, 4)}-12-31` };
  const queries: [string, Record<string, string>, undefined?][] = [
    ['12 months by project', { ...last12, groupby: 'project' }],
    ['12 months by client', { ...last12, groupby: 'client' }],
    ['12 months by tag', { ...last12, groupby: 'tag' }],
    ['12 months by task', { ...last12, groupby: 'task' }],
    ['12 months by month', { ...last12, groupby: 'month' }],
    ['12 months by week', { ...last12, groupby: 'week' }],
    ['12 months by day', { ...last12, groupby: 'day' }],
    [
      '12 months by project, tag "review", billable',
      { ...last12, groupby: 'project', tag: 'review', billable: 'true' },
    ],
    ['12 months by week, tag "review"', { ...last12, groupby: 'week', tag: 'review' }],
    ['12 months by day, tag "review"', { ...last12, groupby: 'day', tag: 'review' }],
    ['this year by client', { ...thisYear, groupby: 'client' }],
  ];
  // Last, for a user who rounds (each entry up to 15 minutes): the rounded sums are read too.
  const rounded: [string, Record<string, string>, { mode: string; minutes: number }][] = [
    [
      '12 months by day, tag "review", rounded up to 15 min',
      { ...last12, groupby: 'day', tag: 'review' },
      { mode: 'up', minutes: 15 },
    ],
  ];
  const users: BenchUser[] = [];
  for (const size of options.sizes) {
    const user = await seedReportUser(size, today);
    options.log(`seeded ${size} entries: ${user.seed.items} items in ${user.seed.seconds.toFixed(1)} s`);
    users.push({ size, token: user.token });
  }
  const results: ReportResult[] = [];
  for (const [name, query, rounding] of [...queries, ...rounded]) {
    if (rounding) for (const user of users) await setRounding(options.baseUrl, user.token, rounding);
    const path = `${options.baseUrl}/api/reports?${new URLSearchParams(query).toString()}`;
    for (const r of await timeQuery(path, users, options.requests, meter)) {
      results.push({ query: name, ...r });
      options.log(
        `  ${name}, ${r.size}: ${r.medianMs.toFixed(1)} ms median, ${r.itemsRead.toFixed(0)} items read, ${r.rows} rows`,
      );
    }
  }
  return results;
}

/** The results as a markdown table: each query's figures per size and the largest ÷ smallest median. */
export function reportsMarkdown(results: ReportResult[], sizes: number[]): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const head = `| query | ${sizes.map((s) => `${n(s)}: median / p95 ms`).join(' | ')} | items read (${sizes.map(n).join(' / ')}) | rows | median ${n(sizes.at(-1) ?? 0)} ÷ ${n(sizes[0] ?? 0)} |`;
  const lines = [head, `|---|${sizes.map(() => '---:').join('|')}|---:|---:|---:|`];
  for (const query of [...new Set(results.map((r) => r.query))]) {
    const of = (s: number) => results.find((r) => r.query === query && r.size === s);
    const first = of(sizes[0] ?? 0);
    const last = of(sizes.at(-1) ?? 0);
    lines.push(
      `| ${query} | ${sizes.map((s) => `${of(s)?.medianMs.toFixed(1)} / ${of(s)?.p95Ms.toFixed(1)}`).join(' | ')} | ${sizes.map((s) => n(Math.round(of(s)?.itemsRead ?? 0))).join(' / ')} | ${last?.rows ?? 0} | ${first && last ? (last.medianMs / first.medianMs).toFixed(2) : '–'}× |`,
    );
  }
  return lines.join('\n');
}

export async function writeReportResults(results: ReportResult[], sizes: number[], requests: number) {
  return saveBenchResults(
    'reports',
    'Report benchmark',
    `${requests} sequential requests per query and size over HTTP through the local server (after 5 warm-up requests), the sizes' requests interleaved; 3 clients, 6 projects, 8 tasks, 5 tag sets, billable and unbillable time, spread over the last 12 months.`,
    reportsMarkdown(results, sizes),
    results,
  );
}

if (resolve(process.argv[1] ?? '') === resolve(import.meta.filename)) {
  const sizes = cliOption('sizes', '1000,100000').split(',').map(Number);
  const requests = Number(cliOption('requests', '20'));
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const stack = await startBenchStack();
  try {
    const results = await benchReports({ baseUrl: stack.baseUrl, sizes, requests, log });
    log(await writeReportResults(results, sizes, requests));
  } finally {
    await stack.stop();
  }
}
