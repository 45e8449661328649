/**
 * Where the API's time goes: a CPU profile (node:inspector, sampling every 100 µs) of the same call
 * made one at a time through the API and directly, each sample charged to the nearest frame of a
 * known owner on its stack, per call. The difference between the two columns is what the API adds
 * on top of the DynamoDB work both paths share.
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
  ['HTTP client (fetch: the browser’s part)', /undici|webstreams|internal\/deps\/undici|fetch/],
  ['HTTP server (node:http)', /_http_server|_http_incoming/],
  ['local server (API Gateway event, headers, compression)', /infra\/local\//],
  [
    'our code (route table, middy, token check, zod, domain, JSON)',
    /\/(functions|contract)\/|@middy|\/zod\//,
  ],
];
const IDLE = 'waiting (DynamoDB Local, sockets)';
const OTHER = 'sockets, timers, promises, GC';

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

async function profileCalls(fn: () => Promise<unknown>, calls: number): Promise<Map<string, number>> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) await fn();
    const wall = performance.now() - t0;
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    const perCall = new Map([...chargeSamples(profile)].map(([k, ms]) => [k, ms / calls]));
    perCall.set('wall clock', wall / calls);
    return perCall;
  } finally {
    session.disconnect();
  }
}

export interface OverheadProfile {
  operation: string;
  calls: number;
  rows: { owner: string; apiMs: number; directMs: number }[];
}

/** Profiles `calls` sequential calls each way (after a warm-up) and answers ms per call by owner. */
export async function profileOverhead(
  operation: string,
  api: () => Promise<unknown>,
  direct: () => Promise<unknown>,
  calls = 300,
): Promise<OverheadProfile> {
  for (let i = 0; i < 50; i++) {
    await api();
    await direct();
  }
  const a = await profileCalls(api, calls);
  const d = await profileCalls(direct, calls);
  const owners = ['wall clock', ...OWNERS.map(([name]) => name), OTHER, IDLE];
  return {
    operation,
    calls,
    rows: owners.map((owner) => ({ owner, apiMs: a.get(owner) ?? 0, directMs: d.get(owner) ?? 0 })),
  };
}

export function profileMarkdown(p: OverheadProfile): string {
  return [
    `Where the time of one \`${p.operation}\` goes, one call at a time (CPU profile of ${p.calls} calls each way, ms per call):`,
    '',
    '| | API | direct | API adds |',
    '| --- | ---: | ---: | ---: |',
    ...p.rows.map(
      (r) =>
        `| ${r.owner} | ${r.apiMs.toFixed(2)} | ${r.directMs.toFixed(2)} | ${(r.apiMs - r.directMs >= 0 ? '+' : '') + (r.apiMs - r.directMs).toFixed(2)} |`,
    ),
  ].join('\n');
}
