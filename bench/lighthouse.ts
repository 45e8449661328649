/**
 * The page as a phone sees it: Lighthouse's default (mobile) configuration — a Moto G Power
 * screen, simulated slow 4G and a 4× slower CPU — on the local stack, for `/` signed out and for
 * `/dashboard` signed in as a user with a 1,000-activity history (so the charts draw real data).
 * Each page is measured twice over: with Lighthouse's default simulated throttling (an unthrottled
 * load, then Lantern's model of it on the slow network and CPU) and with applied throttling
 * (`throttlingMethod: 'devtools'`: Chromium slows the network and CPU while loading).
 * The local server serves the SPA as CloudFront does (brotli or gzip per `Accept-Encoding`,
 * `immutable` hashed assets, the security headers of `infra/web-headers.ts`), and an HTTPS front
 * speaks HTTP/2 before it as CloudFront does, so the score is the deployed page's, less the network
 * distance to the edge.
 *
 * Debian's Chromium (`CHROME_PATH`, default `/usr/bin/chromium`) runs headless; the signed-in run
 * finds the session token in `localStorage`, put there first through the DevTools protocol, and
 * Lighthouse is told not to clear storage. Each page is measured `--runs` times (default 3, at
 * most `--max-minutes`, default 10, in all) and the run with the median performance score is
 * reported, with the accessibility audits that failed in it.
 *
 * `LIGHTHOUSE_REPORTS=<dir>` also saves each page's median report as JSON (for Lighthouse's viewer).
 *
 * Needs the built app (`npm run build`). `node --import tsx bench/lighthouse.ts [--runs=3]
 * [--paths=/,/dashboard]`;
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

/** Targets from issue 11. */
export const PERFORMANCE_TARGET = 95;
export const ACCESSIBILITY_TARGET = 100;

export interface PageRow {
  page: string;
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

type PageOptions = { runs?: number; maxMs?: number; paths?: string[] };

/**
 * Needs the bench stack's environment (the seeded user is written with the data layer). The pages
 * are loaded over HTTPS and HTTP/2, as CloudFront serves them, through a front before the local
 * server (`./h2-front.ts`).
 */
export async function measurePages(
  localUrl: string,
  options: PageOptions = {},
): Promise<{ markdown: string; json: PageRow[] }> {
  const front = await startHttp2Front(localUrl);
  try {
    return await measurePagesAt(front.baseUrl, options);
  } finally {
    await front.stop();
  }
}

async function measurePagesAt(
  baseUrl: string,
  options: PageOptions,
): Promise<{ markdown: string; json: PageRow[] }> {
  if (!existsSync(join(ROOT, 'frontend/dist/index.html'))) {
    throw new Error('frontend/dist is missing: run `npm run build` first');
  }
  const runs = options.runs ?? 3;
  const deadline = Date.now() + (options.maxMs ?? 10 * 60_000);
  const { seedUser } = await import('./charts');
  const { dayOf } = await import('../functions/domain/shared/calendar');
  const seeded = await seedUser(1_000, dayOf(new Date()));

  const pages = [
    { page: '/ (signed out)', path: '/', token: undefined },
    { page: '/dashboard (signed in)', path: '/dashboard', token: seeded.token },
  ]
    .filter((p) => !options.paths || options.paths.includes(p.path))
    .flatMap((p) =>
      // Lighthouse's default simulates the slow network and CPU from an unthrottled load (Lantern);
      // "applied" has Chromium throttle them for real while loading, as a phone would see it.
      (['simulate', 'devtools'] as const).map((method) => ({
        ...p,
        method,
        page: method === 'simulate' ? p.page : `${p.page}, applied throttling`,
      })),
    );
  const rows: PageRow[] = [];
  for (const { page, path, token, method } of pages) {
    const results: Result[] = [];
    for (let run = 0; run < runs && Date.now() < deadline; run++) {
      // A fresh browser per run: nothing cached from the run before, as for a first visit.
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
        results.push(lhr);
      } finally {
        await context.close();
        await rm(dir, { recursive: true, force: true });
      }
    }
    if (results.length === 0) throw new Error(`No Lighthouse run of ${path} finished in time`);
    results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const median = results[Math.floor((results.length - 1) / 2)] as Result;
    // The whole report of the median run, for a closer look (Lighthouse's viewer reads it).
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      await mkdir(reports, { recursive: true });
      await writeFile(
        join(reports, `${path.replace(/\W+/g, '') || 'start'}-${method}.json`),
        JSON.stringify(median),
      );
    }
    rows.push({
      page,
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
    });
  }

  const markdown = [
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, default mobile preset (slow 4G, 4× CPU slowdown; simulated, and applied where the row says so), on the local stack served as CloudFront serves it (HTTPS, HTTP/2); the run with the median performance score of each page. Targets: performance ≥ ${PERFORMANCE_TARGET}, accessibility ${ACCESSIBILITY_TARGET}.`,
    '',
    '| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | machine (benchmark index) | runs |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.firstContentfulPaintMs.toFixed(0)} | ${r.largestContentfulPaintMs.toFixed(0)} | ${r.totalBlockingTimeMs.toFixed(0)} | ${r.cumulativeLayoutShift.toFixed(3)} | ${r.benchmarkIndex} | ${r.runs} |`,
    ),
    '',
    ...rows.flatMap((r) =>
      r.failedAccessibilityAudits.length > 0
        ? [`Accessibility audits failed on ${r.page}: ${r.failedAccessibilityAudits.join('; ')}.`]
        : [],
    ),
  ].join('\n');
  return { markdown, json: rows };
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
    });
    process.stdout.write(`${markdown}\n`);
    for (const row of json) {
      if (row.performanceFindings.length > 0) {
        process.stdout.write(
          `\nPerformance findings on ${row.page}:\n- ${row.performanceFindings.join('\n- ')}\n`,
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
