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
 * The API server runs in a process of its own (`bench/overhead-server.ts`), against the same
 * DynamoDB Local: in production the client is a browser elsewhere and each Lambda instance has its
 * own process, so the client's work must not compete with the server's on one event loop. This
 * process keeps the client (node:http with kept-alive connections) and the direct calls. Ten at a
 * time, the one server process answers all ten, as this process makes all ten direct calls: both
 * sides on one event loop each. `--also-in-process` adds rows with the server back in this process
 * (server, client and direct calls on one event loop, as before) for comparison.
 *
 * `node --import tsx bench/overhead.ts [--rounds=30] [--also-in-process] [--no-save]` (`--no-save`:
 * print only, leave `bench/results/` alone); `bench/run.ts` calls `measureOverhead()`.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Context } from 'aws-lambda';
import { type OverheadProfile, profileMarkdown, profileOverhead } from './overhead-profile';
import { percentile, RESULTS, startBenchStack } from './stack';

/** Target from issue 11: the API's median latency within 1.3× of the direct calls. */
export const OVERHEAD_TARGET_RATIO = 1.3;
const CONCURRENCY = 10;
/** Calls of each operation each way before any timing, within a bound on the time. */
const WARM_UP_CALLS = 100;
const WARM_UP_MS = 30_000;

export interface OverheadRow {
  operation: string;
  /** Where the API server ran: its own process, or the benchmark's (the older method). */
  server: ServerPlace;
  /** Calls in flight at once, each way. */
  concurrency: number;
  apiMedianMs: number;
  apiP95Ms: number;
  directMedianMs: number;
  directP95Ms: number;
  ratio: number;
  samples: number;
}

export type ServerPlace = 'own process' | 'bench process';

/** The local API server in a child process, and its CPU profiler. */
export interface ServerProcess {
  baseUrl: string;
  startProfile: () => Promise<void>;
  /** The CPU profile, each request's time in the server (arrival to answer sent), CPU time used. */
  stopProfile: () => Promise<{ profile: unknown; servedMs: number[]; cpuMs: number }>;
  stop: () => Promise<void>;
}

/**
 * Starts `bench/overhead-server.ts` in a child process with this process's environment (the bench
 * stack's table, DynamoDB Local and secret), so it answers for the same data and tokens.
 */
export async function startServerProcess(): Promise<ServerProcess> {
  const child: ChildProcess = fork(join(import.meta.dirname, 'overhead-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<Record<string, unknown>>((ok, fail) => {
      const onExit = (code: number | null) => fail(new Error(`the API server process ended (${code})`));
      child.once('exit', onExit);
      child.once('message', (message: Record<string, unknown>) => {
        child.off('exit', onExit);
        if (typeof message.error === 'string') fail(new Error(message.error));
        else ok(message);
      });
    });
  const { listening } = await next();
  const ask = async (profile: 'start' | 'stop') => {
    const answer = next();
    child.send({ profile });
    return answer as Promise<{ profile: unknown; servedMs: number[]; cpuMs: number }>;
  };
  return {
    baseUrl: `http://127.0.0.1:${listening}`,
    startProfile: async () => {
      await ask('start');
    },
    stopProfile: () => ask('stop'),
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.disconnect();
      }),
  };
}

/**
 * One API call with node:http, its answer read to the end; a status of 400 or more throws. Not
 * `fetch`: undici's is JavaScript on top of node:http's work (about 0.6 ms of CPU per call here),
 * where a browser's networking is native code on another machine; that time is the client's, not
 * the API's.
 */
function call(
  agent: Agent,
  url: string,
  options: { method?: string; headers: Record<string, string>; body?: string },
): Promise<void> {
  return new Promise((ok, fail) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status < 400) return ok();
        fail(new Error(`${url} answered ${status}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`));
      });
    });
    req.on('error', fail);
    req.end(options.body);
  });
}

/**
 * The route's Lambda handler called in this process with the API Gateway event the local server
 * builds for the same request: everything the API does except HTTP. Needs the handler environment.
 */
async function handlerCall(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<() => Promise<void>> {
  const { matchRoute } = await import('../functions/routes-match');
  const { loadHandler, toApiGatewayEvent } = await import('../infra/local/lambda-events');
  const match = matchRoute(method, path);
  if (!match || 'methodNotAllowed' in match) throw new Error(`no route for ${method} ${path}`);
  const handler = await loadHandler(match.route.handler);
  const context = { getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
  return async () => {
    const event = toApiGatewayEvent(
      { method, url: path, headers: { host: '127.0.0.1', ...headers }, sourceIp: '127.0.0.1' },
      match.route,
      match.pathParameters,
      Buffer.alloc(0),
    );
    const result = await handler(event, context);
    if ((result.statusCode ?? 200) >= 400)
      throw new Error(`${path} answered ${result.statusCode}: ${result.body}`);
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/**
 * Needs the bench stack's environment (handler modules read their configuration on load). Starts
 * its own API server process; `inProcessBaseUrl` (a server in this process) adds the older rows.
 */
export async function measureOverhead(
  options: { rounds?: number; maxMs?: number; inProcessBaseUrl?: string } = {},
): Promise<{ markdown: string; json: { rows: OverheadRow[]; profile?: OverheadProfile } }> {
  const rounds = options.rounds ?? 30;
  const maxMs = options.maxMs ?? 60_000;
  const { seedUser } = await import('./charts');
  const { dayOf, addMonths } = await import('../functions/domain/shared/calendar');
  const { getUserById } = await import('../functions/data/identity/users');
  const { readUserProjects } = await import('../functions/domain/tracking/projects');
  const { projectViews } = await import('../functions/domain/tracking/project-views');
  const { createTimeActivity } = await import('../functions/domain/tracking/activities');
  const { timeActivityCreateSchema } = await import('../contract/activities');
  const { getTimeTrackedChart } = await import('../functions/domain/tracking/charts/service');
  const { chartQuerySchema } = await import('../functions/domain/tracking/charts/query');

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

  // Connections kept open between calls, as a browser keeps them.
  const agent = new Agent({ keepAlive: true });
  const operationsAt = (baseUrl: string) => [
    {
      operation: 'GET /api/projects',
      api: () => call(agent, `${baseUrl}/api/projects`, { headers }),
      // The user and the projects read at once, as the API now reads them (the session beside the projects).
      direct: async () => projectViews((await Promise.all([user(), readUserProjects(seeded.userId)]))[1]),
    },
    {
      operation: 'POST /api/timeactivities',
      api: () =>
        call(agent, `${baseUrl}/api/timeactivities`, {
          method: 'POST',
          headers,
          body: JSON.stringify(entry),
        }),
      direct: async () => createTimeActivity(await user(), timeActivityCreateSchema().parse(entry)),
    },
    {
      operation: 'GET /api/projecttimetrackedchart (12 months)',
      api: () =>
        call(agent, `${baseUrl}/api/projecttimetrackedchart?${new URLSearchParams(chartQuery)}`, { headers }),
      direct: async () => getTimeTrackedChart(await user(), chartQuerySchema().parse(chartQuery)),
    },
  ];

  const server = await startServerProcess();
  try {
    const places: [ServerPlace, string][] = [
      ['own process', server.baseUrl],
      ...(options.inProcessBaseUrl
        ? [['bench process', options.inProcessBaseUrl] as [ServerPlace, string]]
        : []),
    ];
    // Warm-up before any timing: V8 in both processes and DynamoDB Local's JVM (interpreted at
    // first) take hundreds of calls to settle; without it the first rows ran three times slower.
    const warmUntil = performance.now() + WARM_UP_MS;
    for (let i = 0; i < WARM_UP_CALLS && performance.now() < warmUntil; i++)
      for (const [, baseUrl] of places)
        for (const op of operationsAt(baseUrl)) {
          await op.api();
          await op.direct();
        }
    const rows: OverheadRow[] = [];
    // One at a time, as one Lambda instance serves requests, and ten at once.
    for (const [place, baseUrl] of places)
      for (const concurrency of [1, CONCURRENCY])
        for (const op of operationsAt(baseUrl)) {
          // Warm-up at this concurrency: connections, and the queues of ten at once.
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
            server: place,
            concurrency,
            apiMedianMs,
            apiP95Ms: percentile(api, 95),
            directMedianMs,
            directP95Ms: percentile(direct, 95),
            ratio: apiMedianMs / directMedianMs,
            samples: api.length,
          });
        }
    const [first] = operationsAt(server.baseUrl);
    const profile = first
      ? await profileOverhead(
          first.operation,
          {
            api: first.api,
            handler: await handlerCall('GET', '/api/projects', headers),
            direct: first.direct,
          },
          server,
        )
      : undefined;
    const older = rows.some((r) => r.server === 'bench process');
    const markdown = [
      `The same work through the local API and as direct DynamoDB calls (same domain and data functions, in-process), one at a time and ${CONCURRENCY} at a time, interleaved rounds. The API server runs in a process of its own; the benchmark process holds the HTTP client and makes the direct calls. Target: API median ≤ ${OVERHEAD_TARGET_RATIO}× direct.`,
      ...(older
        ? [
            '',
            'Rows marked “bench process” are the older method for comparison: server, client and direct calls in one process, on one event loop.',
          ]
        : []),
      '',
      `| operation |${older ? ' API server in |' : ''} in flight | API median / p95 ms | direct median / p95 ms | API ÷ direct (median) | samples each |`,
      `| --- |${older ? ' --- |' : ''} ---: | ---: | ---: | ---: | ---: |`,
      ...rows.map(
        (r) =>
          `| ${r.operation} |${older ? ` ${r.server} |` : ''} ${r.concurrency} | ${r.apiMedianMs.toFixed(1)} / ${r.apiP95Ms.toFixed(1)} | ${r.directMedianMs.toFixed(1)} / ${r.directP95Ms.toFixed(1)} | ${r.ratio.toFixed(2)}× | ${r.samples} |`,
      ),
      ...(profile ? ['', profileMarkdown(profile)] : []),
    ].join('\n');
    return { markdown, json: { rows, profile } };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const rounds = process.argv.find((a) => a.startsWith('--rounds='))?.slice(9);
  const alsoInProcess = process.argv.includes('--also-in-process');
  const save = !process.argv.includes('--no-save');
  const stack = await startBenchStack();
  try {
    const started = new Date();
    const before = load();
    const { markdown, json } = await measureOverhead({
      rounds: rounds ? Number(rounds) : undefined,
      inProcessBaseUrl: alsoInProcess ? stack.baseUrl : undefined,
    });
    process.stdout.write(`${markdown}\n`);
    const note = `Run ${started.toISOString()} to ${new Date().toISOString()}; load average ${before} before, ${load()} after, on ${cpus().length} CPUs.`;
    process.stdout.write(`${note}\n`);
    if (save) {
      await mkdir(RESULTS, { recursive: true });
      await writeFile(join(RESULTS, 'overhead.md'), `# API overhead\n\n${note}\n\n${markdown}\n`);
      await writeFile(
        join(RESULTS, 'overhead.json'),
        `${JSON.stringify({ ranAt: started.toISOString(), load: { before, after: load() }, ...json }, null, 2)}\n`,
      );
    }
  } finally {
    await stack.stop();
  }
}
