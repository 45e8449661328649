/**
 * A year of Toggl Track history in ONE request (issue 35 item 8): `POST /api/import/toggl` with the
 * whole file (5,000 rows by default), as a person who skips the app's parts would send it, against
 * the function's 29 s. Measures the request's time, the rows per second, the TransactWriteItems
 * calls and items (metered in this process, where the local server runs the handler), and checks
 * that every row was imported and the project totals are exact (the sum of the file's durations).
 *
 * Alone: `node --import tsx bench/import-one.ts [--rows=5000] [--runs=3]`, each run a new account on
 * the same stack, the first on a JVM just warmed with 1,000 rows; `bench/import.ts` runs it once too.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { countItems, installTxMeter, newUser, togglFile, txMeter } from './import-fixtures';

export interface OneRequestRun {
  rows: number;
  status: number;
  seconds: number;
  imported: number;
  refused: number;
  rowsPerSecond: number;
  itemsWritten: number;
  transactions: number;
  transactionItems: number;
  transactionSeconds: number;
  /** The project totals against the sum of the file's durations, in ms (0 when exact). */
  totalsOffByMs: number;
  /** The machine's 1-minute load average before and after the request (2 shared cores). */
  load: [number, number];
}

/** The file's durations summed, in ms: `HH:MM:SS` is the 12th column of `togglFile`. */
function fileTotalMs(text: string): number {
  let total = 0;
  for (const line of text.split('\r\n').slice(1)) {
    const duration = line.match(/,(\d\d):(\d\d):(\d\d),,[\d.]+$/);
    if (duration)
      total += (Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000;
  }
  return total;
}

export async function importOneRequest(baseUrl: string, rows: number): Promise<OneRequestRun> {
  const user = await newUser();
  const file = togglFile(rows);
  await installTxMeter();
  const tx0 = { ...txMeter };
  const loadBefore = loadavg()[0] ?? 0;
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/import/toggl?tz=UTC`, {
    method: 'POST',
    headers: { 'x-auth-token': user.token, 'content-type': 'text/csv' },
    body: file,
  });
  const report = (await res.json()) as { imported?: number; skipped?: number };
  const seconds = (performance.now() - started) / 1000;
  const projects = (await (
    await fetch(`${baseUrl}/api/projects`, { headers: { 'x-auth-token': user.token } })
  ).json()) as { totalHours: number }[];
  // `totalHours` is in milliseconds (the API's name, kept from the first release).
  const totalMs = projects.reduce((sum, p) => sum + p.totalHours, 0);
  const imported = report.imported ?? 0;
  return {
    rows,
    status: res.status,
    seconds,
    imported,
    // Not the listed errors: the report lists at most 1,000 lines.
    refused: rows - imported - (report.skipped ?? 0),
    rowsPerSecond: imported / seconds,
    itemsWritten: await countItems(user.userId),
    transactions: txMeter.calls - tx0.calls,
    transactionItems: txMeter.items - tx0.items,
    transactionSeconds: (txMeter.ms - tx0.ms) / 1000,
    totalsOffByMs: totalMs - fileTotalMs(file),
    load: [loadBefore, loadavg()[0] ?? 0],
  };
}

const n = (x: number) => x.toLocaleString('en-US');

export function oneRequestMarkdown(runs: OneRequestRun[]): string {
  return [
    '| rows in one request | answer | time | imported | refused | rows/s | items in table | transactions | transaction writes (per row) | time in transactions | totals off by | load before → after |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map(
      (r) =>
        `| ${n(r.rows)} | ${r.status} | ${r.seconds.toFixed(1)} s | ${n(r.imported)} | ${n(r.refused)} | ${n(Math.round(r.rowsPerSecond))} | ${n(r.itemsWritten)} | ${n(r.transactions)} | ${n(r.transactionItems)} (${(r.transactionItems / Math.max(1, r.imported)).toFixed(2)}) | ${r.transactionSeconds.toFixed(1)} s | ${r.totalsOffByMs} ms | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} |`,
    ),
  ].join('\n');
}

async function main() {
  const { cliCount, startBenchStack } = await import('./stack');
  const rows = cliCount('rows', 5000, 100_000);
  const runCount = cliCount('runs', 3, 10);
  const stack = await startBenchStack({ env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' } });
  try {
    // A fresh DynamoDB Local (a JVM) is many times slower for its first thousand writes: warm it.
    await importOneRequest(stack.baseUrl, 1000);
    // The first year still runs while Java's optimising compiler takes most of a core for DynamoDB
    // Local's write path (measured per thread: 0.77 of a core 10–20 s in); the runs after it show
    // a stack that has been up for a minute, as `npm start` is when someone imports.
    const runs: OneRequestRun[] = [];
    for (let k = 0; k < runCount; k++) runs.push(await importOneRequest(stack.baseUrl, rows));
    process.stdout.write(`${oneRequestMarkdown(runs)}\n`);
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
