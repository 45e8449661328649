/**
 * Import and export benchmark (issue 13): imports 10,000 and 100,000 Toggl Track rows through the
 * local API as the app sends them (parts of at most 1,000 rows / 4 MB, one after another, a part re-sent when the function ran out of time), then
 * exports the 100,000-entry account as JSON and as CSV, page by page, and checks that the files
 * hold every entry of the table.
 *
 * Alone: `node --import tsx bench/import.ts [--sizes=10000,100000 | --export-only=100000]` (starts its own DynamoDB Local
 * in memory and the local API server on free ports; writes `bench/results/import.md` and `.json`).
 * `bench/run.ts` calls {@link benchImport} with its own stack.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importPartFully, type PartReport } from '../frontend/src/features/import/lib/resend';
import { splitCsv } from '../frontend/src/features/import/lib/split';
import { countItems, installTxMeter, newUser, togglFile, txMeter } from './import-fixtures';
import { RESULTS, startBenchStack } from './stack';

const log = (line: string) => process.stdout.write(`${line}\n`);

export interface ImportRun {
  rows: number;
  /** Set when the run reached its time bound: the file's rows, of which `rows` were sent. */
  stoppedOf?: number;
  parts: number;
  /** Requests sent: parts, plus re-sends of parts that ran out of the function's time. */
  requests: number;
  seconds: number;
  slowestPartSeconds: number;
  imported: number;
  refused: number;
  itemsWritten: number;
  itemsPerSecond: number;
  rowsPerSecond: number;
  /** TransactWriteItems calls, the items they wrote (an item touched by two counts twice), their time. */
  transactions: number;
  transactionItems: number;
  transactionSeconds: number;
}

export interface ExportRun {
  kind: string;
  entriesInTable: number;
  entriesInFile: number;
  pages: number;
  seconds: number;
  largestResponseBytes: number;
  totalBytes: number;
  slowestPageSeconds: number;
}

async function importRows(baseUrl: string, rows: number, maxSeconds: number) {
  const user = await newUser();
  const parts = splitCsv(togglFile(rows));
  const before = await countItems(user.userId);
  await installTxMeter();
  const tx0 = { ...txMeter };
  const started = performance.now();
  let slowest = 0;
  let imported = 0;
  let refused = 0;
  let sends = 0;
  let sentRows = 0;
  let sentParts = 0;
  for (const part of parts) {
    // Bounded: past the bound the run stops and reports the rows it sent (the table says so).
    if ((performance.now() - started) / 1000 > maxSeconds) break;
    sentRows += part.rows;
    sentParts++;
    // As the app does: a part the function had no time to finish is sent again.
    const report = await importPartFully(async () => {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}/api/import/toggl?tz=UTC`, {
        method: 'POST',
        headers: { 'x-auth-token': user.token, 'content-type': 'text/csv' },
        body: part.text,
      });
      if (res.status !== 200) throw new Error(`import part → ${res.status} ${await res.text()}`);
      slowest = Math.max(slowest, (performance.now() - t0) / 1000);
      sends++;
      return (await res.json()) as PartReport;
    });
    imported += report.imported;
    refused += report.errors.length;
  }
  const seconds = (performance.now() - started) / 1000;
  const itemsWritten = (await countItems(user.userId)) - before;
  const run: ImportRun = {
    rows: sentRows,
    ...(sentRows < rows ? { stoppedOf: rows } : {}),
    parts: sentParts,
    requests: sends,
    seconds,
    slowestPartSeconds: slowest,
    imported,
    refused,
    itemsWritten,
    itemsPerSecond: itemsWritten / seconds,
    rowsPerSecond: imported / seconds,
    transactions: txMeter.calls - tx0.calls,
    transactionItems: txMeter.items - tx0.items,
    transactionSeconds: (txMeter.ms - tx0.ms) / 1000,
  };
  return { user, run };
}

type ExportKind = 'json' | 'time.csv' | 'finance.csv';
const EXPORT_PATHS: Record<ExportKind, string> = {
  json: '/api/exportuserdata',
  'time.csv': '/api/export/timeactivities.csv',
  'finance.csv': '/api/export/financeactivities.csv',
};

/** Follows an export's pages; the largest single response and the entries it holds. */
async function exportAll(
  baseUrl: string,
  token: string,
  kind: ExportKind,
  userId: string,
): Promise<ExportRun> {
  const path = EXPORT_PATHS[kind];
  const started = performance.now();
  let cursor: string | null = null;
  let pages = 0;
  let largest = 0;
  let total = 0;
  let entries = 0;
  let csv = '';
  let slowest = 0;
  do {
    const t0 = performance.now();
    const res: Response = await fetch(
      `${baseUrl}${path}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      {
        headers: { 'x-auth-token': token },
      },
    );
    if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
    const body = await res.text();
    slowest = Math.max(slowest, (performance.now() - t0) / 1000);
    const bytes = Buffer.byteLength(body);
    largest = Math.max(largest, bytes);
    total += bytes;
    pages++;
    if (kind === 'json') {
      const page = JSON.parse(body) as { timeActivities: unknown[]; financeActivities: unknown[] };
      entries += page.timeActivities.length + page.financeActivities.length;
    } else csv += body;
    cursor = res.headers.get('x-next-cursor');
  } while (cursor && pages < 2000);
  const seconds = (performance.now() - started) / 1000;
  if (kind !== 'json') {
    const { readCsv } = await import('../functions/domain/tracking/csv/csv');
    entries = readCsv(csv).records.length;
  }
  const inTable =
    (kind === 'finance.csv' ? 0 : await countItems(userId, 'time')) +
    (kind === 'time.csv' ? 0 : await countItems(userId, 'finance'));
  return {
    kind: `${kind === 'json' ? 'JSON' : 'CSV'} \`GET ${path}\``,
    entriesInTable: inTable,
    entriesInFile: entries,
    pages,
    seconds,
    largestResponseBytes: largest,
    totalBytes: total,
    slowestPageSeconds: slowest,
  };
}

const n = (x: number) => x.toLocaleString('en-US');
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;

export function importMarkdown(imports: ImportRun[], exports: ExportRun[]): string {
  return [
    '| rows imported | parts (≤ 1,000 rows) | requests | time | slowest request | entries imported | refused | items in table | items/s | rows/s | transactions | transaction writes (per row) | time in transactions | transaction writes/s |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...imports.map(
      (r) =>
        `| ${n(r.rows)}${r.stoppedOf ? ` of ${n(r.stoppedOf)} (stopped at the time bound)` : ''} | ${r.parts} | ${r.requests} | ${r.seconds.toFixed(1)} s | ${r.slowestPartSeconds.toFixed(1)} s | ${n(r.imported)} | ${n(r.refused)} | ${n(r.itemsWritten)} | ${n(Math.round(r.itemsPerSecond))} | ${n(Math.round(r.rowsPerSecond))} | ${n(r.transactions)} | ${n(r.transactionItems)} (${(r.transactionItems / Math.max(1, r.imported)).toFixed(2)}) | ${r.transactionSeconds.toFixed(1)} s (${Math.round((100 * r.transactionSeconds) / r.seconds)} %) | ${n(Math.round(r.transactionItems / Math.max(0.001, r.transactionSeconds)))} |`,
    ),
    '',
    '| export of the account imported last (or `--export-only`) | pages | time | slowest page | largest response | all pages | entries in file | entries in table |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...exports.map(
      (e) =>
        `| ${e.kind} | ${e.pages} | ${e.seconds.toFixed(1)} s | ${e.slowestPageSeconds.toFixed(1)} s | ${mb(e.largestResponseBytes)} | ${mb(e.totalBytes)} | ${n(e.entriesInFile)} | ${n(e.entriesInTable)} |`,
    ),
  ].join('\n');
}

/** The benchmark against a running local API (`baseUrl`), its handlers' environment already set. */
export async function benchImport(options: {
  baseUrl: string;
  sizes: number[];
  log: (line: string) => void;
}) {
  const imports: ImportRun[] = [];
  const exports: ExportRun[] = [];
  let largest: { userId: string; token: string } | undefined;
  for (const rows of options.sizes) {
    options.log(`importing ${n(rows)} Toggl rows…`);
    const { user, run } = await importRows(options.baseUrl, rows, 780);
    options.log(
      `  ${run.seconds.toFixed(1)} s, ${n(run.itemsWritten)} items, slowest part ${run.slowestPartSeconds.toFixed(1)} s`,
    );
    imports.push(run);
    largest = user;
  }
  // A year of history (5,000 rows) in one request, against the function's 29 s (issue 35 item 8).
  const { importOneRequest, oneRequestMarkdown } = await import('./import-one');
  options.log('importing 5,000 Toggl rows in one request…');
  const oneRequest = await importOneRequest(options.baseUrl, 5000);
  options.log(`  ${oneRequest.seconds.toFixed(1)} s, ${n(oneRequest.imported)} imported`);
  if (largest) {
    for (const kind of ['json', 'time.csv', 'finance.csv'] as const) {
      options.log(`exporting ${kind}…`);
      exports.push(await exportAll(options.baseUrl, largest.token, kind, largest.userId));
    }
  }
  const markdown = `${importMarkdown(imports, exports)}\n\n${oneRequestMarkdown([oneRequest])}`;
  return { imports, exports, oneRequest, markdown };
}

/**
 * The exports alone, on an account bulk-seeded as the chart benchmark seeds it (`--export-only=N`):
 * minutes faster than importing N rows first, the same pages read.
 */
async function benchExportOnly(baseUrl: string, size: number) {
  const { seedUser } = await import('./charts');
  const { dayOf } = await import('../functions/domain/shared/calendar');
  log(`bulk-seeding an account with ${n(size)} entries…`);
  const user = await seedUser(size, dayOf(new Date()));
  const exports: ExportRun[] = [];
  for (const kind of ['json', 'time.csv', 'finance.csv'] as const) {
    log(`exporting ${kind}…`);
    exports.push(await exportAll(baseUrl, user.token, kind, user.userId));
  }
  return { imports: [], exports, markdown: importMarkdown([], exports) };
}

async function main() {
  const arg = process.argv.find((a) => a.startsWith('--sizes='));
  const exportOnly = process.argv.find((a) => a.startsWith('--export-only='));
  const sizes = (arg ? arg.slice(8) : '10000,100000').split(',').map(Number);
  // Errors of the handlers (a 5xx) show in the output; the rest stays quiet.
  const stack = await startBenchStack({ env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' } });
  try {
    const result = exportOnly
      ? await benchExportOnly(stack.baseUrl, Number(exportOnly.slice('--export-only='.length)))
      : await benchImport({ baseUrl: stack.baseUrl, sizes, log });
    const machine = `${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, DynamoDB Local in memory`;
    await mkdir(RESULTS, { recursive: true });
    const name = exportOnly ? 'export' : 'import';
    await writeFile(
      join(RESULTS, `${name}.md`),
      `# Import and export benchmark\n\nRun ${new Date().toISOString()} on ${machine}.\n\n${result.markdown}\n`,
    );
    await writeFile(
      join(RESULTS, `${name}.json`),
      `${JSON.stringify({ ranAt: new Date().toISOString(), machine, ...result }, null, 2)}\n`,
    );
    log('');
    log(result.markdown);
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    process.stderr.write(`✖ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
