/**
 * The page as a phone sees it: Lighthouse's default (mobile) configuration — a Moto G Power
 * screen, simulated slow 4G and a 4× slower CPU — on the local stack, for `/` signed out and for
 * `/dashboard` signed in as a freelancer with a year of work (one project, 60 time entries over 12
 * months and 12 incomes: `./year-of-data.ts`), so the totals and charts draw real data.
 * Each page is measured both ways it can be served: by the local server itself (HTTP/1.1, as
 * `npm start` serves it: six connections, the first screen's chunks queue) and through an HTTPS
 * front that speaks HTTP/2 as CloudFront does (`./h2-front.ts`). The local server serves the SPA as
 * CloudFront does (brotli or gzip per `Accept-Encoding`, `immutable` hashed assets, the security
 * headers of `infra/web-headers.ts`), so the HTTP/2 score is the deployed page's, less the network
 * distance to the edge. Lighthouse's default simulated throttling (an unthrottled load, then
 * Lantern's model of it on the slow network and CPU) is used; `--applied` adds runs with applied
 * throttling (`throttlingMethod: 'devtools'`: Chromium slows the network and CPU while loading).
 *
 * Debian's Chromium (`CHROME_PATH`, default `/usr/bin/chromium`) runs headless; the signed-in run
 * finds the session token in `localStorage`, put there first through the DevTools protocol, and
 * Lighthouse is told not to clear storage. Each page is measured `--runs` times (default 5, at
 * most `--max-minutes`, default 20, in all) and the run with the median performance score is
 * reported, with the accessibility audits that failed in it and the machine's benchmark index.
 *
 * `LIGHTHOUSE_REPORTS=<dir>` also saves each page's median report as JSON (for Lighthouse's viewer).
 *
 * Needs the built app (`npm run build`). `node --import tsx bench/lighthouse.ts [--runs=5]
 * [--paths=/,/dashboard] [--protocols=http1,http2] [--applied]`;
 * `bench/run.ts` calls `measurePages()`.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { startHttp2Front } from './h2-front';
import { freePort, RESULTS, ROOT, startBenchStack } from './stack';

/** Targets from issues 11 and 39: `/` ≥ 95, `/dashboard` signed in ≥ 90 with TBT ≤ 300 ms. */
export const PERFORMANCE_TARGET = 95;
export const DASHBOARD_PERFORMANCE_TARGET = 90;
export const DASHBOARD_TBT_TARGET_MS = 300;
export const ACCESSIBILITY_TARGET = 100;

export interface PageRow {
  page: string;
  /** How the page was served: the local server's HTTP/1.1 or the HTTPS front's HTTP/2. */
  protocol: Protocol;
  performance: number;
  accessibility: number;
  /** The median run's timings, ms. */
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  /** Accessibility audits that failed in the median run (id: title). */
  failedAccessibilityAudits: string[];
  /** Performance opportunities and diagnostics below full marks in the median run. */
  performanceFindings: string[];
  /**
   * Lighthouse's own measure of the machine's speed in that run (a fixed JavaScript workload; a
   * quiet 2020s desktop scores about 1,500–2,500). Its 4× CPU slowdown assumes a fast machine: far
   * below that, the scores describe the machine as much as the page.
   */
  benchmarkIndex: number;
  runs: number;
}

interface Result {
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; title: string; numericValue?: number; scoreDisplayMode: string }
  >;
}

/**
 * A fresh profile in a new folder, with a DevTools port for Lighthouse. The persistent context *is*
 * the browser's default context, the one Lighthouse opens its tab in, so what a page of ours puts
 * in `localStorage` (the session token) is what Lighthouse's page finds. (A `browser.newContext()`
 * would be a separate, incognito-like context, and the signed-in run would measure the start page
 * it redirects to.)
 */
async function launchWithDebuggingPort(): Promise<{ context: BrowserContext; port: number; dir: string }> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'timeledger-lighthouse-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    // The flags of `lighthouse --chrome-flags="--headless=new --no-sandbox"`, plus a port for it.
    headless: false,
    args: [
      '--headless=new',
      '--no-sandbox',
      `--remote-debugging-port=${port}`,
      '--disable-gpu',
      '--disable-quic',
      // The HTTP/2 front's certificate is made on the spot for 127.0.0.1 (`./h2-front.ts`).
      '--ignore-certificate-errors',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return { context, port, dir };
}

function failing(result: Result, category: string): string[] {
  const refs = result.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ id: ref.id, audit: result.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode),
    )
    .map(({ id, audit }) => `${id}: ${audit?.title ?? ''}`);
}

const score = (result: Result, category: string) =>
  Math.round((result.categories[category]?.score ?? 0) * 100);
const numeric = (result: Result, id: string) => result.audits[id]?.numericValue ?? Number.NaN;

export type Protocol = 'http1' | 'http2';
type PageOptions = {
  runs?: number;
  maxMs?: number;
  paths?: string[];
  protocols?: Protocol[];
  /** Also measure with applied throttling (Chromium slows the network and CPU while loading). */
  applied?: boolean;
};

interface Measured {
  page: string;
  path: string;
  token: string | undefined;
  protocol: Protocol;
  baseUrl: string;
  method: 'simulate' | 'devtools';
}

/** One Lighthouse run of a page in a fresh browser (nothing cached from the run before, as for a first visit). */
async function lighthouseRun({ path, token, baseUrl, method }: Measured): Promise<Result> {
  const { context, port, dir } = await launchWithDebuggingPort();
  try {
    if (token) {
      const tab = await context.newPage();
      await tab.goto(`${baseUrl}/robots.txt`);
      await tab.evaluate((t) => localStorage.setItem('token', t), token);
      await tab.close();
    }
    const outcome = await lighthouse(
      `${baseUrl}${path}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: token !== undefined,
        throttlingMethod: method,
        maxWaitForLoad: 60_000,
      },
      undefined,
    );
    if (!outcome) throw new Error(`Lighthouse returned nothing for ${path}`);
    const lhr = outcome.lhr as unknown as Result & { finalDisplayedUrl?: string };
    // A run that ended anywhere else (a signed-in page that fell back to the start page)
    // measured another page: refuse it rather than report it under this page's name.
    if (new URL(lhr.finalDisplayedUrl ?? `${baseUrl}${path}`).pathname !== path) {
      throw new Error(`Lighthouse on ${path} ended on ${lhr.finalDisplayedUrl}`);
    }
    return lhr;
  } finally {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The run with the median performance score of `runs` (saved whole under `LIGHTHOUSE_REPORTS`). */
async function medianRow(measured: Measured, runs: number, deadline: number): Promise<PageRow> {
  const results: Result[] = [];
  // At least one run per page and protocol, however late: a row measured once beats a missing row.
  for (let run = 0; run < runs && (run === 0 || Date.now() < deadline); run++) {
    results.push(await lighthouseRun(measured));
  }
  results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = results[Math.floor((results.length - 1) / 2)] as Result;
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    await mkdir(reports, { recursive: true });
    const name = `${measured.path.replace(/\W+/g, '') || 'start'}-${measured.protocol}-${measured.method}`;
    await writeFile(join(reports, `${name}.json`), JSON.stringify(median));
  }
  return {
    page: measured.page,
    protocol: measured.protocol,
    performance: score(median, 'performance'),
    accessibility: score(median, 'accessibility'),
    firstContentfulPaintMs: numeric(median, 'first-contentful-paint'),
    largestContentfulPaintMs: numeric(median, 'largest-contentful-paint'),
    totalBlockingTimeMs: numeric(median, 'total-blocking-time'),
    cumulativeLayoutShift: numeric(median, 'cumulative-layout-shift'),
    failedAccessibilityAudits: failing(median, 'accessibility'),
    performanceFindings: failing(median, 'performance'),
    benchmarkIndex: Math.round(median.environment?.benchmarkIndex ?? Number.NaN),
    runs: results.length,
  };
}

/**
 * Needs the bench stack's environment (the seeded user is written with the data layer). Each page
 * is loaded from the local server (HTTP/1.1) and through an HTTPS front speaking HTTP/2 before it,
 * as CloudFront serves it (`./h2-front.ts`).
 */
export async function measurePages(
  localUrl: string,
  options: PageOptions = {},
): Promise<{ markdown: string; json: PageRow[] }> {
  if (!existsSync(join(ROOT, 'frontend/dist/index.html'))) {
    throw new Error('frontend/dist is missing: run `npm run build` first');
  }
  const runs = options.runs ?? 5;
  const deadline = Date.now() + (options.maxMs ?? 20 * 60_000);
  const { seedYearOfData } = await import('./year-of-data');
  const { token } = await seedYearOfData();
  const front = await startHttp2Front(localUrl);
  try {
    const bases = { http1: localUrl, http2: front.baseUrl };
    const measured: Measured[] = [
      { page: '/ (signed out)', path: '/', token: undefined },
      { page: '/dashboard (signed in, a year of data)', path: '/dashboard', token },
    ]
      .filter((p) => !options.paths || options.paths.includes(p.path))
      .flatMap((p) => (options.protocols ?? ['http1', 'http2']).map((protocol) => ({ ...p, protocol })))
      .flatMap((p) =>
        (options.applied ? (['simulate', 'devtools'] as const) : (['simulate'] as const)).map((method) => ({
          ...p,
          baseUrl: bases[p.protocol],
          method,
          page: method === 'simulate' ? p.page : `${p.page}, applied throttling`,
        })),
      );
    const rows: PageRow[] = [];
    for (const m of measured) rows.push(await medianRow(m, runs, deadline));
    return { markdown: await markdownOf(rows), json: rows };
  } finally {
    await front.stop();
  }
}

const PROTOCOL_NAMES: Record<Protocol, string> = {
  http1: 'local server, HTTP/1.1',
  http2: 'HTTPS front, HTTP/2',
};

async function markdownOf(rows: PageRow[]): Promise<string> {
  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  return [
    `Lighthouse ${version}, default mobile preset (slow 4G, 4× CPU slowdown; simulated, applied where the row says so), on the local stack: from the local server (HTTP/1.1, as \`npm start\` serves it) and through an HTTPS front speaking HTTP/2 as CloudFront does; the run with the median performance score of each page. Targets: \`/\` performance ≥ ${PERFORMANCE_TARGET}; \`/dashboard\` ≥ ${DASHBOARD_PERFORMANCE_TARGET} with TBT ≤ ${DASHBOARD_TBT_TARGET_MS} ms; accessibility ${ACCESSIBILITY_TARGET}.`,
    '',
    '| page | served by | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | machine (benchmark index) | runs |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${PROTOCOL_NAMES[r.protocol]} | ${r.performance} | ${r.accessibility} | ${r.firstContentfulPaintMs.toFixed(0)} | ${r.largestContentfulPaintMs.toFixed(0)} | ${r.totalBlockingTimeMs.toFixed(0)} | ${r.cumulativeLayoutShift.toFixed(3)} | ${r.benchmarkIndex} | ${r.runs} |`,
    ),
    '',
    ...rows.flatMap((r) =>
      r.failedAccessibilityAudits.length > 0
        ? [
            `Accessibility audits failed on ${r.page} (${PROTOCOL_NAMES[r.protocol]}): ${r.failedAccessibilityAudits.join('; ')}.`,
          ]
        : [],
    ),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const started = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const stack = await startBenchStack();
  try {
    const { markdown, json } = await measurePages(stack.baseUrl, {
      runs: arg('runs') ? Number(arg('runs')) : undefined,
      maxMs: arg('max-minutes') ? Number(arg('max-minutes')) * 60_000 : undefined,
      paths: arg('paths')?.split(','),
      protocols: arg('protocols')?.split(',') as Protocol[] | undefined,
      applied: process.argv.includes('--applied'),
    });
    process.stdout.write(`${markdown}\n`);
    for (const row of json) {
      if (row.performanceFindings.length > 0) {
        process.stdout.write(
          `\nPerformance findings on ${row.page} (${PROTOCOL_NAMES[row.protocol]}):\n- ${row.performanceFindings.join('\n- ')}\n`,
        );
      }
    }
    await mkdir(RESULTS, { recursive: true });
    const note = `Run ${started.toISOString().slice(0, 16).replace('T', ' ')}–${new Date().toISOString().slice(11, 16)} UTC; load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after, on ${cpus().length} CPUs.`;
    await writeFile(join(RESULTS, 'lighthouse.md'), `# The page (Lighthouse)\n\n${note}\n\n${markdown}\n`);
    await writeFile(join(RESULTS, 'lighthouse.json'), `${JSON.stringify(json, null, 2)}\n`);
  } finally {
    await stack.stop();
  }
}
