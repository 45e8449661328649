/**
 * Where the API's time goes: CPU profiles (node:inspector, sampling every 100 µs) of the same call
 * made one at a time through the API and directly, per call. An API call runs in two processes:
 * the server process (`bench/overhead-server.ts`), whose samples are charged to the nearest frame of
 * a known owner on their stack, and this one, where all it does meanwhile is the HTTP client's work
 * (the browser's part). A direct call runs in this process only, charged like the server's. The
 * server also times each request from its arrival to its answer, which splits the wall clock into
 * the server's part and the trip there and back; CPU time from `process.cpuUsage` stands beside the
 * profiles' own count, which also charges time the process was runnable but not running.
 */
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Owners, first match up the stack wins; the order puts the libraries before our code that calls them. */
const OWNERS: [string, RegExp][] = [
  ['AWS SDK (the DynamoDB calls)', /@smithy|@aws-sdk/],
  ['HTTP server (node:http)', /_http_server|_http_incoming/],
  ['local server (API Gateway event, headers, compression)', /infra\/local\//],
  [
    'our code (route table, middy, token check, zod, domain, JSON)',
    /\/(functions|contract)\/|@middy|\/zod\//,
  ],
];
const IDLE = 'idle (waiting: DynamoDB Local, the other process)';
const OTHER = 'sockets, timers, promises, GC';
/** Profiled calls each way are made in this many chunks, interleaved. */
const PROFILE_CHUNKS = 6;

function chargeSamples(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const owner = (id: number): string => {
    const first = byId.get(id);
    if (first?.callFrame.functionName === '(idle)') return IDLE;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)?.callFrame.url ?? '';
      const found = OWNERS.find(([, pattern]) => pattern.test(url));
      if (found) return found[0];
    }
    return OTHER;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const key = owner(id);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return totals;
}

/** A CPU profiler: this process's, or the API server process's (which also times each request it serves). */
export interface Profiler {
  startProfile: () => Promise<void>;
  /** The profile; the server's also each request's time inside it; the CPU time used meanwhile. */
  stopProfile: () => Promise<{ profile: unknown; servedMs?: number[]; cpuMs: number }>;
}

/** This process's own profiler. */
function ownProfiler(): Profiler & { close: () => void } {
  const session = new Session();
  session.connect();
  let cpuFrom = process.cpuUsage();
  return {
    startProfile: async () => {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
      cpuFrom = process.cpuUsage();
    },
    stopProfile: async () => {
      const { user, system } = process.cpuUsage(cpuFrom);
      return { profile: (await session.post('Profiler.stop')).profile, cpuMs: (user + system) / 1000 };
    },
    close: () => session.disconnect(),
  };
}

/** What one way's calls took in total: wall clock, profile samples by owner per profiler, CPU. */
interface Totals {
  calls: number;
  wallMs: number;
  byOwner: Map<string, number>[];
  servedMs: number[];
  cpuMs: number[];
}

const noTotals = (): Totals => ({ calls: 0, wallMs: 0, byOwner: [], servedMs: [], cpuMs: [] });

/** Runs `calls` sequential calls under the given profilers and adds what they took to `into`. */
async function profileCalls(
  fn: () => Promise<unknown>,
  calls: number,
  profilers: Profiler[],
  into: Totals,
): Promise<void> {
  for (const p of profilers) await p.startProfile();
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) await fn();
  const wall = performance.now() - t0;
  const stopped = [];
  for (const p of profilers) stopped.push(await p.stopProfile());
  into.calls += calls;
  into.wallMs += wall;
  stopped.forEach((s, i) => {
    const owners = into.byOwner[i] ?? new Map<string, number>();
    into.byOwner[i] = owners;
    for (const [k, ms] of chargeSamples(s.profile as Profile)) owners.set(k, (owners.get(k) ?? 0) + ms);
    into.cpuMs[i] = (into.cpuMs[i] ?? 0) + s.cpuMs;
    into.servedMs.push(...(s.servedMs ?? []));
  });
}

/** Per call: totals divided by the number of calls. */
function perCall(t: Totals) {
  const n = Math.max(1, t.calls);
  return {
    wallMs: t.wallMs / n,
    byOwner: t.byOwner.map((m) => new Map([...m].map(([k, ms]) => [k, ms / n]))),
    servedMs: t.servedMs,
    cpuMs: t.cpuMs.map((ms) => ms / n),
  };
}

export interface OverheadProfile {
  operation: string;
  calls: number;
  /**
   * Mean wall clock per call: through the API, as the Lambda handler invoked in this process (an
   * API Gateway event in, its result out: no HTTP), and direct.
   */
  wallMs: { api: number; handler: number; direct: number };
  /** Mean time inside the server process per API call (request arrived to answer sent). */
  servedMs: number;
  /** CPU time per call by `process.cpuUsage`: the server's and the client's for an API call. */
  cpuMs: { server: number; client: number; handler: number; direct: number };
  /** Profile samples per call by owner (ms), in the server process and for a direct call. */
  owners: { owner: string; serverMs: number; directMs: number }[];
  /** Profile samples per API call in this process (ms): the HTTP client's work and its idle time. */
  client: { busyMs: number; idleMs: number };
}

/**
 * Profiles `calls` sequential calls each way (after a warm-up) and answers ms per call: an API call
 * in the server process and in this one (the client), a handler invocation and a direct call in
 * this one.
 */
export async function profileOverhead(
  operation: string,
  ways: { api: () => Promise<unknown>; handler: () => Promise<unknown>; direct: () => Promise<unknown> },
  server: Profiler,
  calls = 300,
): Promise<OverheadProfile> {
  const { api, handler, direct } = ways;
  for (let i = 0; i < 50; i++) {
    await api();
    await handler();
    await direct();
  }
  const own = ownProfiler();
  try {
    // In chunks, the order alternating, so that a change of load on the machine hits every way alike.
    const plan: [() => Promise<unknown>, Profiler[], Totals][] = [
      [api, [server, own], noTotals()],
      [handler, [own], noTotals()],
      [direct, [own], noTotals()],
    ];
    const chunk = Math.ceil(calls / PROFILE_CHUNKS);
    for (let c = 0; c < PROFILE_CHUNKS; c++)
      for (const [fn, profilers, totals] of c % 2 === 0 ? plan : [...plan].reverse())
        await profileCalls(fn, chunk, profilers, totals);
    const [a, h, d] = plan.map(([, , totals]) => perCall(totals)) as [
      ReturnType<typeof perCall>,
      ReturnType<typeof perCall>,
      ReturnType<typeof perCall>,
    ];
    const [apiServer = new Map<string, number>(), apiClient = new Map<string, number>()] = a.byOwner;
    const [directOwn = new Map<string, number>()] = d.byOwner;
    const sum = (m: Map<string, number>, but?: string) =>
      [...m].reduce((total, [k, v]) => (k === but ? total : total + v), 0);
    return {
      operation,
      calls,
      wallMs: { api: a.wallMs, handler: h.wallMs, direct: d.wallMs },
      servedMs: a.servedMs.reduce((total, v) => total + v, 0) / Math.max(1, a.servedMs.length),
      cpuMs: {
        server: a.cpuMs[0] ?? 0,
        client: a.cpuMs[1] ?? 0,
        handler: h.cpuMs[0] ?? 0,
        direct: d.cpuMs[0] ?? 0,
      },
      owners: [...OWNERS.map(([name]) => name), OTHER, IDLE].map((owner) => ({
        owner,
        serverMs: apiServer.get(owner) ?? 0,
        directMs: directOwn.get(owner) ?? 0,
      })),
      client: { busyMs: sum(apiClient, IDLE), idleMs: apiClient.get(IDLE) ?? 0 },
    };
  } finally {
    own.close();
  }
}

const ms = (v: number) => v.toFixed(2);
const signed = (v: number) => (v >= 0 ? '+' : '') + v.toFixed(2);

export function profileMarkdown(p: OverheadProfile): string {
  const busy = p.owners.filter((o) => o.owner !== IDLE);
  const serverBusy = busy.reduce((t, o) => t + o.serverMs, 0);
  const directBusy = busy.reduce((t, o) => t + o.directMs, 0);
  const idle = p.owners.find((o) => o.owner === IDLE);
  return [
    `Where the time of one \`${p.operation}\` goes, one call at a time (${p.calls} calls each way, ms per call). An API call runs in the server process and in the client (the benchmark process). The Lambda handler column calls the same handler module in the benchmark process with the API Gateway event the local server would build: the middy chain, token check, validation and JSON without HTTP. A direct call runs in the benchmark process only.`,
    '',
    '| | API | Lambda handler, no HTTP | direct | API adds |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| wall clock (mean) | ${ms(p.wallMs.api)} | ${ms(p.wallMs.handler)} | ${ms(p.wallMs.direct)} | ${signed(p.wallMs.api - p.wallMs.direct)} |`,
    `| of which inside the server process (request arrived to answer sent) | ${ms(p.servedMs)} | | | |`,
    `| of which the trip: client, loopback, waking each process | ${ms(p.wallMs.api - p.servedMs)} | | | |`,
    `| CPU time (process.cpuUsage, profiler included): server process + client | ${ms(p.cpuMs.server)} + ${ms(p.cpuMs.client)} | ${ms(p.cpuMs.handler)} | ${ms(p.cpuMs.direct)} | ${signed(p.cpuMs.server + p.cpuMs.client - p.cpuMs.direct)} |`,
    '',
    'Profile samples by owner (the nearest frame of a known owner on the stack). A sample counts the time until the next, so a process that is runnable but not running (a busy machine) adds to whatever it was doing.',
    '',
    '| | API: server process | direct | API adds |',
    '| --- | ---: | ---: | ---: |',
    ...busy.map(
      (o) => `| ${o.owner} | ${ms(o.serverMs)} | ${ms(o.directMs)} | ${signed(o.serverMs - o.directMs)} |`,
    ),
    `| HTTP client (the browser’s part: everything the benchmark process does during an API call) | ${ms(p.client.busyMs)} | | ${signed(p.client.busyMs)} |`,
    `| all of the above | ${ms(serverBusy + p.client.busyMs)} | ${ms(directBusy)} | ${signed(serverBusy + p.client.busyMs - directBusy)} |`,
    `| ${IDLE} | ${ms(idle?.serverMs ?? 0)} (client: ${ms(p.client.idleMs)}) | ${ms(idle?.directMs ?? 0)} | |`,
  ].join('\n');
}
