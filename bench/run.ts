/**
 * `npm run bench`: starts its own DynamoDB Local (in memory) and the local API server on free
 * ports, bulk-seeds histories of 1,000, 10,000 and 100,000 activities (one user and project each,
 * over 12 months), times every chart endpoint through HTTP and counts the items each request
 * reads. Prints a markdown table and writes `bench/results/charts.md` and `charts.json`; then the
 * timesheet's first page at the same sizes (`bench/timesheet.ts`, `bench/results/timesheet.md`), and
 * the reports over 1,000 and 100,000 entries (`bench/reports.ts`, `--report-sizes=…`), and the tax
 * report over a year of 1,000 and 100,000 income and expenses (`bench/taxreport.ts`,
 * `--tax-sizes=…`). If
 * `bench/bundles.ts` exists, its `measureBundles()` table (bundle sizes) is printed and saved to
 * `bench/results/bundles.md` (+ `.json`).
 *
 * Then the import and export benchmark (`bench/import.ts`, `--import-sizes=10000,100000`), the
 * invoice PDF of 500 entries over 30 projects (`bench/invoice-pdf.ts`, target ≤ 2 s), logins per
 * second before the first refusal at 1, 5 and 20 at a time (`bench/logins.ts`), and
 * the measured speed: each bundle's cold start beside the floor (`bench/coldstart.ts`), the API's
 * own overhead over direct DynamoDB calls (`bench/overhead.ts`) and Lighthouse on `/` and
 * `/dashboard` (`bench/lighthouse.ts`, needs `npm run build`), each saved with the machine's load.
 *
 * Options: `--sizes=1000,10000` `--requests=30`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { RESULTS, startBenchStack } from './stack';

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** The bundle-size benchmark (`bench/bundles.ts`, written separately), when it exists. */
async function bundles(): Promise<{ markdown: string; json?: unknown } | undefined> {
  try {
    // A variable path keeps TypeScript and esbuild from resolving it: the benchmark works before
    // that module exists.
    const path = './bundles.ts';
    const mod = (await import(path)) as { measureBundles?: () => Promise<unknown> };
    if (typeof mod.measureBundles !== 'function') return undefined;
    const result = await mod.measureBundles();
    if (typeof result === 'string') return { markdown: result };
    if (result && typeof result === 'object' && 'markdown' in result) {
      return { markdown: String(result.markdown), json: (result as { json?: unknown }).json };
    }
    return { markdown: JSON.stringify(result, null, 2) };
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    log(`bundle measurement failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const sizes = option('sizes', '1000,10000,100000').split(',').map(Number);
  const requests = Number(option('requests', '30'));
  const started = Date.now();

  const stack = await startBenchStack();
  process.once('SIGINT', () => void stack.stop().then(() => process.exit(130)));
  try {
    log(`DynamoDB Local ${stack.dynamoEndpoint}, API ${stack.baseUrl}/api`);

    const { benchCharts, chartsMarkdown } = await import('./charts');
    const { seeds, results } = await benchCharts({
      baseUrl: stack.baseUrl,
      sizes,
      requests,
      maxMsPerEndpoint: 20_000,
      warmup: 5,
      log,
    });
    const machine = `${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, DynamoDB Local in memory`;
    const table = chartsMarkdown(seeds, results);
    const markdown = [
      '# Chart benchmark',
      '',
      `Run ${new Date().toISOString()} on ${machine}; ${requests} sequential requests per endpoint and size over HTTP through the local server, 12-month range up to today (month buckets; the "mid-month edges" row: from the 16th of the month 11 months back to the 15th of last month), one project.`,
      '',
      table,
      '',
    ].join('\n');
    await mkdir(RESULTS, { recursive: true });
    await writeFile(join(RESULTS, 'charts.md'), markdown);
    await writeFile(
      join(RESULTS, 'charts.json'),
      `${JSON.stringify({ ranAt: new Date().toISOString(), machine, requests, seeds, results }, null, 2)}\n`,
    );
    log('');
    log(table);

    log('');
    log('## Timesheet');
    const { benchTimesheet, writeTimesheetResults } = await import('./timesheet');
    const timesheet = await benchTimesheet({ baseUrl: stack.baseUrl, sizes, requests, log });
    await writeTimesheetResults(timesheet, requests);

    log('');
    log('## Reports');
    const { benchReports, writeReportResults } = await import('./reports');
    const reportSizes = option('report-sizes', '1000,100000').split(',').map(Number);
    const reports = await benchReports({ baseUrl: stack.baseUrl, sizes: reportSizes, requests, log });
    log(await writeReportResults(reports, reportSizes, requests));

    // The tax period (issue 38): a year of 1,000 and of 100,000 income and expense entries.
    log('');
    log('## Tax report');
    const { benchTaxReport, writeTaxReportResults } = await import('./taxreport');
    const taxSizes = option('tax-sizes', '1000,100000').split(',').map(Number);
    const tax = await benchTaxReport({ baseUrl: stack.baseUrl, sizes: taxSizes, requests, log });
    log(await writeTaxReportResults(tax, taxSizes, requests));

    const bundleResult = await bundles();
    if (bundleResult) {
      log('');
      log('## Bundles');
      log(bundleResult.markdown);
      await writeFile(join(RESULTS, 'bundles.md'), `# Bundle sizes\n\n${bundleResult.markdown}\n`);
      if (bundleResult.json !== undefined) {
        await writeFile(join(RESULTS, 'bundles.json'), `${JSON.stringify(bundleResult.json, null, 2)}\n`);
      }
    }
    const { benchImport } = await import('./import');
    log('');
    log('## Import and export');
    const importResult = await benchImport({
      baseUrl: stack.baseUrl,
      sizes: option('import-sizes', '10000,100000').split(',').map(Number),
      log,
    });
    log(importResult.markdown);
    await writeFile(
      join(RESULTS, 'import.md'),
      `# Import and export benchmark\n\nRun ${new Date().toISOString()} on ${machine}.\n\n${importResult.markdown}\n`,
    );
    await writeFile(
      join(RESULTS, 'import.json'),
      `${JSON.stringify({ ranAt: new Date().toISOString(), machine, ...importResult }, null, 2)}\n`,
    );

    const { benchInvoicePdf } = await import('./invoice-pdf');
    log('');
    log('## Invoice PDF');
    const pdfLoad = loadavg();
    const pdf = await benchInvoicePdf({ baseUrl: stack.baseUrl, requests: 10, log });
    await writeFile(
      join(RESULTS, 'invoice-pdf.md'),
      `# Invoice PDF benchmark\n\nRun ${new Date().toISOString()} on ${machine}; load average ${pdfLoad
        .map((l) => l.toFixed(2))
        .join(', ')} before, ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} after.\n\n${pdf.markdown}\n`,
    );
    await writeFile(
      join(RESULTS, 'invoice-pdf.json'),
      `${JSON.stringify({ ranAt: new Date().toISOString(), machine, ...pdf.json }, null, 2)}\n`,
    );

    // Measured speed (issue 11): cold start, the API's own overhead, the page.
    const load = () =>
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} on ${cpus().length} CPUs`;
    const speed = async (
      title: string,
      file: string,
      measure: () => Promise<{ markdown: string; json: unknown }>,
    ) => {
      log('');
      log(`## ${title}`);
      const before = load();
      const result = await measure();
      const note = `Run ${new Date().toISOString()} on ${machine}; ${before} before, ${load()} after.`;
      log(result.markdown);
      log(note);
      await writeFile(join(RESULTS, `${file}.md`), `# ${title}\n\n${note}\n\n${result.markdown}\n`);
      await writeFile(
        join(RESULTS, `${file}.json`),
        `${JSON.stringify({ ranAt: new Date().toISOString(), machine, load: load(), result: result.json }, null, 2)}\n`,
      );
    };
    // Logins per second before the first refusal, at 1, 5 and 20 at a time (issue 35, item 2).
    const { benchLogins } = await import('./logins');
    await speed('Logins per second', 'logins', () => benchLogins({ baseUrl: stack.baseUrl, seconds: 15 }));
    const { measureColdStarts } = await import('./coldstart');
    await speed('Cold start', 'coldstart', () => measureColdStarts({ runs: 10, maxMs: 15 * 60_000 }));
    const { measureOverhead } = await import('./overhead');
    await speed('API overhead', 'overhead', () => measureOverhead({ rounds: 30, maxMs: 120_000 }));
    const { measurePages } = await import('./lighthouse');
    await speed('The page (Lighthouse)', 'lighthouse', () =>
      measurePages(stack.baseUrl, { runs: 5, maxMs: 20 * 60_000 }),
    );

    log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s; results in bench/results/.`);
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`✖ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
