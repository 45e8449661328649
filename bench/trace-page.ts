/**
 * Where a page's long tasks go (issue 39): loads a page of the bench stack in headless Chromium,
 * unthrottled as Lighthouse's simulated runs observe it, records a DevTools trace and lists every
 * main-thread task over `--min=` ms (default 30) with what it spent its time on: the scripts it
 * evaluated and called (by URL), style and layout, parsing, garbage collection, and the functions
 * that took the most of it (a CPU profile sampled every 0.2 ms: name, chunk, line and column; a
 * chunk's source map names the module). The whole trace is written to `--out=` (default a
 * temporary file) for DevTools' Performance panel. `--cpu=4` slows the CPU as Lighthouse's
 * applied throttling does.
 *
 *   node --import tsx bench/trace-page.ts [--path=/dashboard] [--protocol=http2] [--cpu=1]
 *
 * Needs the built app (`npm run build`); signs in as a freelancer with a year of data (`./year-of-data.ts`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startHttp2Front } from './h2-front';
import { startBenchStack } from './stack';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string }; beginData?: { url?: string } };
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (name, file and line) of the samples between `from` and `to` (µs). */
function selfTimes(profile: CpuProfile, from: number, to: number): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const by = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (t < from || t >= to) return;
    const f = byId.get(id);
    if (!f) return;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    by.set(key, (by.get(key) ?? 0) + next / 1000);
  });
  return [...by.entries()].sort((a, b) => b[1] - a[1]);
}

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const path = arg('path', '/dashboard');
const protocol = arg('protocol', 'http2');
const cpu = Number(arg('cpu', '1'));
const minMs = Number(arg('min', '30'));
const out = arg('out', join(tmpdir(), 'timeledger-trace.json'));

const stack = await startBenchStack();
const { seedYearOfData } = await import('./year-of-data');
const { token } = await seedYearOfData();
const front = await startHttp2Front(stack.baseUrl);
const dir = await mkdtemp(join(tmpdir(), 'timeledger-trace-'));
const context = await chromium.launchPersistentContext(dir, {
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  headless: false,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
  viewport: { width: 412, height: 823 },
});
try {
  const base = protocol === 'http2' ? front.baseUrl : stack.baseUrl;
  const page = await context.newPage();
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  const cdp = await context.newCDPSession(page);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading,toplevel',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3_000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  await writeFile(out, JSON.stringify({ traceEvents: events }));
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStartToBegin');
  const mainPid = events.find((e) => e.name === 'TracingStartedInBrowser')?.pid;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= minMs * 1000);
  const t0 = nav?.ts ?? Math.min(...events.map((e) => e.ts).filter((t) => t > 0));
  process.stdout.write(`main pid ${mainPid}; tasks over ${minMs} ms: ${tasks.length}\n`);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter(
      (e) =>
        e.tid === task.tid &&
        e.pid === task.pid &&
        e.ts >= task.ts &&
        e.ts < end &&
        e !== task &&
        e.ph === 'X',
    );
    const by = new Map<string, number>();
    for (const e of inside) {
      const url = e.args?.data?.url ?? e.args?.beginData?.url ?? '';
      const key = `${e.name}${url ? ` ${url.replace(/^.*\//, '')}` : ''}`;
      by.set(key, (by.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const top = [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
    const js = selfTimes(profile, task.ts, end)
      .slice(0, 10)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join('; ');
    process.stdout.write(
      `- ${((task.dur ?? 0) / 1000).toFixed(0)} ms at ${((task.ts - t0) / 1000).toFixed(0)} ms (tid ${task.tid}): ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join('; ')}\n    JS self ms: ${js}\n`,
    );
  }
} finally {
  await context.close();
  await rm(dir, { recursive: true, force: true });
  await front.stop();
  await stack.stop();
}
