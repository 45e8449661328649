/**
 * The API's own overhead: the same work once through HTTP (the local server, the route table,
 * the middy chain with JWT check, validation and the error handler, JSON both ways) and once as
 * the same DynamoDB calls made in-process by the same domain and data functions — no HTTP, no
 * middleware, no token. Three operations: `GET /api/projects`, `POST /api/timeactivities` and the
 * time-tracked chart (12 months, 1,000-activity history). Interleaved: each round sends 1 (then, in
 * a second pass, 10) calls at once one way, then as many the other (the order alternating), so load
 * on the machine hits both alike. Then a CPU profile of `GET /api/projects` one call at a time says
 * where the difference goes (`bench/overhead-profile.ts`).
 *
 * `node --import tsx bench/overhead.ts [--rounds=30]`; `bench/run.ts` calls `measureOverhead()`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type OverheadProfile, profileMarkdown, profileOverhead } from './overhead-profile';
import { percentile, RESULTS, startBenchStack } from './stack';

/** Target from issue 11: the API's median latency within 1.3× of the direct calls. */
export const OVERHEAD_TARGET_RATIO = 1.3;
const CONCURRENCY = 10;

export interface OverheadRow {
  operation: string;
  /** Calls in flight at once, each way. */
  concurrency: number;
  apiMedianMs: number;
  apiP95Ms: number;
  directMedianMs: number;
  directP95Ms: number;
  ratio: number;
  samples: number;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Needs the bench stack's environment (handler modules read their configuration on load). */
export async function measureOverhead(
  baseUrl: string,
  options: { rounds?: number; maxMs?: number } = {},
): Promise<{ markdown: string; json: { rows: OverheadRow[]; profile?: OverheadProfile } }> {
  const rounds = options.rounds ?? 30;
  const maxMs = options.maxMs ?? 60_000;
  const { seedUser } = await import('./charts');
  const { dayOf, addMonths } = await import('../functions/domain/charts/dates');
  const { getUserById } = await import('../functions/data/users');
  const { listUserProjects } = await import('../functions/domain/projects');
  const { createTimeActivity } = await import('../functions/domain/activities');
  const { timeActivityCreateSchema } = await import('../contract/activities');
  const { getTimeTrackedChart } = await import('../functions/domain/charts/service');
  const { chartQuerySchema } = await import('../functions/domain/charts/query');

  const today = dayOf(new Date());
  const seeded = await seedUser(1_000, today);
  const headers = { 'x-auth-token': seeded.token, 'content-type': 'application/json' };
  const chartQuery = { projectid: seeded.projectId, startdate: addMonths(today, -12), enddate: today };
  const entry = {
    projectId: seeded.projectId,
    activity: 'Bench',
    description: 'overhead',
    duration: 1_800_000,
  };
  const user = async () => {
    const u = await getUserById(seeded.userId);
    if (!u) throw new Error('bench user missing');
    return u;
  };
  const ok = async (res: Response) => {
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${text.slice(0, 200)}`);
  };

  const operations = [
    {
      operation: 'GET /api/projects',
      api: () => fetch(`${baseUrl}/api/projects`, { headers }).then(ok),
      direct: async () => listUserProjects(await user()),
    },
    {
      operation: 'POST /api/timeactivities',
      api: () =>
        fetch(`${baseUrl}/api/timeactivities`, { method: 'POST', headers, body: JSON.stringify(entry) }).then(
          ok,
        ),
      direct: async () => createTimeActivity(await user(), timeActivityCreateSchema.parse(entry)),
    },
    {
      operation: 'GET /api/projecttimetrackedchart (12 months)',
      api: () =>
        fetch(`${baseUrl}/api/projecttimetrackedchart?${new URLSearchParams(chartQuery)}`, { headers }).then(
          ok,
        ),
      direct: async () => getTimeTrackedChart(await user(), chartQuerySchema.parse(chartQuery)),
    },
  ];

  const rows: OverheadRow[] = [];
  // One at a time, as one Lambda instance serves requests, and ten at once, all in this one
  // process: the in-process client and server then share one event loop, which Lambda never does.
  for (const concurrency of [1, CONCURRENCY])
    for (const op of operations) {
      // Warm-up: module loads, connections, both JITs (DynamoDB Local's JVM runs interpreted at first).
      for (let i = 0; i < 3; i++) {
        await Promise.all(Array.from({ length: concurrency }, () => op.api()));
        await Promise.all(Array.from({ length: concurrency }, () => op.direct()));
      }
      const api: number[] = [];
      const direct: number[] = [];
      const deadline = performance.now() + maxMs;
      // As many samples one at a time as ten at a time.
      const roundsNow = rounds * (CONCURRENCY / concurrency);
      for (let round = 0; round < roundsNow && performance.now() < deadline; round++) {
        const batch = (fn: () => Promise<unknown>) =>
          Promise.all(Array.from({ length: concurrency }, () => timed(fn)));
        if (round % 2 === 0) {
          api.push(...(await batch(op.api)));
          direct.push(...(await batch(op.direct)));
        } else {
          direct.push(...(await batch(op.direct)));
          api.push(...(await batch(op.api)));
        }
      }
      api.sort((a, b) => a - b);
      direct.sort((a, b) => a - b);
      const apiMedianMs = percentile(api, 50);
      const directMedianMs = percentile(direct, 50);
      rows.push({
        operation: op.operation,
        concurrency,
        apiMedianMs,
        apiP95Ms: percentile(api, 95),
        directMedianMs,
        directP95Ms: percentile(direct, 95),
        ratio: apiMedianMs / directMedianMs,
        samples: api.length,
      });
    }
  const [first] = operations;
  const profile = first ? await profileOverhead(first.operation, first.api, first.direct) : undefined;
  const markdown = [
    `The same work through the local API and as direct DynamoDB calls (same domain and data functions, in-process), one at a time and ${CONCURRENCY} at a time, interleaved rounds. Target: API median ≤ ${OVERHEAD_TARGET_RATIO}× direct.`,
    '',
    '| operation | in flight | API median / p95 ms | direct median / p95 ms | API ÷ direct (median) | samples each |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.operation} | ${r.concurrency} | ${r.apiMedianMs.toFixed(1)} / ${r.apiP95Ms.toFixed(1)} | ${r.directMedianMs.toFixed(1)} / ${r.directP95Ms.toFixed(1)} | ${r.ratio.toFixed(2)}× | ${r.samples} |`,
    ),
    ...(profile ? ['', profileMarkdown(profile)] : []),
  ].join('\n');
  return { markdown, json: { rows, profile } };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const rounds = process.argv.find((a) => a.startsWith('--rounds='))?.slice(9);
  const stack = await startBenchStack();
  try {
    const { markdown, json } = await measureOverhead(stack.baseUrl, {
      rounds: rounds ? Number(rounds) : undefined,
    });
    process.stdout.write(`${markdown}\n`);
    await mkdir(RESULTS, { recursive: true });
    const note = `Run ${new Date().toISOString()}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} on ${cpus().length} CPUs at the end.`;
    await writeFile(join(RESULTS, 'overhead.md'), `# API overhead\n\n${note}\n\n${markdown}\n`);
    await writeFile(join(RESULTS, 'overhead.json'), `${JSON.stringify(json, null, 2)}\n`);
  } finally {
    await stack.stop();
  }
}
