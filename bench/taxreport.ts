/**
 * The tax report benchmark (issue 38): for each size (1,000 and 100,000 income and expense entries
 * over last calendar year), one premium user with 6 projects, entries with VAT and every expense
 * category, and 24 invoices of that year (19 %, 7 % and reverse charge; two in three paid) is
 * bulk-seeded (the write path's own builders make the tax month rollups); then
 * `GET /api/taxreport` for a month, a quarter and the year on the cash basis, the year on the
 * accrual basis and the year's CSV is timed through the local HTTP server — the sizes' requests
 * interleaved, so the machine's other work weighs on both alike — and the items each request reads
 * are counted. Target: 100,000 within 2× the time of 1,000.
 *
 * Runnable alone (`node --import tsx bench/taxreport.ts [--sizes=1000,100000] [--requests=20]`: its
 * own DynamoDB Local in memory and API server on free ports) and from `npm run bench`.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ulid } from 'ulid';
import { EXPENSE_CATEGORIES } from '../contract/enums';
import type { InvoiceRecord } from '../functions/data/billing/invoices';
import type { FinanceActivityRecord } from '../functions/data/tracking/finance-activities';
import type { ProjectRecord } from '../functions/data/tracking/projects';
import { meterReads } from './read-meter';
import { benchUser, cliOption, percentile, saveBenchResults, startBenchStack } from './stack';

export interface TaxBenchOptions {
  baseUrl: string;
  sizes: number[];
  requests: number;
  log: (line: string) => void;
}

export interface TaxResult {
  size: number;
  query: string;
  requests: number;
  medianMs: number;
  p95Ms: number;
  itemsRead: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The `i`-th of `n` days spread evenly over `year`. */
const dayOfYear = (year: number, i: number, n: number) =>
  new Date(Date.UTC(year, 0, 1) + Math.floor((i * 365) / n) * 86_400_000).toISOString().slice(0, 10);

/** 24 invoices of `year`, two a month: 19 %, 7 % or reverse charge; two in three paid a month later. */
function invoicesOf(userId: string, year: number, projects: ProjectRecord[], now: string): InvoiceRecord[] {
  return Array.from({ length: 24 }, (_, i) => {
    const month = Math.floor(i / 2) + 1;
    const kind = i % 3;
    const netCents = 80_000 + i * 1_250;
    const taxRateHundredths = kind === 0 ? 1900 : kind === 1 ? 700 : 0;
    const taxCents = Math.round((netCents * taxRateHundredths) / 10_000);
    const sent = `${year}-${pad(month)}-${pad(5 + (i % 2) * 10)}`;
    const project = projects[i % projects.length] as ProjectRecord;
    return {
      invoiceId: ulid(),
      userId,
      status: i % 3 === 2 && month < 12 ? 'sent' : 'paid',
      number: `${year}-${String(i + 1).padStart(4, '0')}`,
      clientId: ulid(),
      client: { name: 'Acme GmbH', email: '', address: '', taxId: '', country: kind === 2 ? 'FR' : 'DE' },
      startdate: `${year}-${pad(month)}-01`,
      enddate: `${year}-${pad(month)}-28`,
      currency: 'EUR',
      lines: [
        {
          projectId: project.projectId,
          description: project.name,
          hoursHundredths: 1000,
          rateCents: netCents / 10,
          amountCents: netCents,
        },
      ],
      subtotalCents: netCents,
      taxRateHundredths,
      taxCents,
      totalCents: netCents + taxCents,
      reverseCharge: kind === 2,
      notes: '',
      entryCount: 0,
      entryIds: [],
      createdAt: now,
      sentAt: `${sent}T09:00:00.000Z`,
      paidDate: i % 3 === 2 && month < 12 ? null : `${year}-${pad(Math.min(12, month + 1))}-10`,
      voidedAt: null,
      issuer: null,
    };
  });
}

/** One user with 6 projects, `size` income and expense entries over `year`, and 24 invoices. */
async function seedTaxUser(size: number, year: number) {
  const { bulkSeed } = await import('../functions/data/tracking/bulk');
  const { putItems } = await import('../functions/data/core/batch');
  const { toInvoiceItem } = await import('../functions/data/billing/invoices');
  const { putDemoProfile } = await import('../functions/data/identity/demo');
  const { signToken } = await import('../functions/lib/jwt');
  const userId = ulid();
  await putDemoProfile(
    benchUser({ _id: userId, name: `Tax ${size}`, email: `tax-${size}-${userId}@example.com` }),
  );
  const now = new Date().toISOString();
  const projects: ProjectRecord[] = Array.from({ length: 6 }, (_, i) => ({
    projectId: ulid(),
    userId,
    name: `Project ${i + 1}`,
    description: '',
    enableEmbedding: false,
    totalMs: 0,
    totalIncomeCents: 0,
    totalExpensesCents: 0,
    hourlyRateCents: null,
    clientId: null,
    billableByDefault: true,
    createdAt: now,
  }));
  const financeActivities: FinanceActivityRecord[] = [];
  for (let i = 0; i < size; i++) {
    const expense = i % 5 !== 0;
    const amountCents = 1_000 + ((i * 7_919) % 250_000);
    const date = `${dayOfYear(year, i, size)}T00:00:00.000Z`;
    financeActivities.push({
      activityId: ulid(),
      userId,
      projectId: (projects[i % projects.length] as ProjectRecord).projectId,
      task: expense ? 'Purchase' : 'Consulting',
      subTask: '',
      date,
      version: 1,
      createdAt: date,
      updatedAt: date,
      amountCents,
      expense,
      notes: '',
      vatCents: Math.round(amountCents * (i % 4 === 0 ? 0.07 : 0.19)),
      ...(expense ? { category: EXPENSE_CATEGORIES[i % EXPENSE_CATEGORIES.length] } : {}),
    });
  }
  const started = performance.now();
  const items =
    (await bulkSeed({ userId, projects, timeActivities: [], financeActivities }, 16)) +
    (await putItems(invoicesOf(userId, year, projects, now).map(toInvoiceItem)));
  return {
    token: await signToken({ sub: userId, ver: 0 }),
    seed: { size, items, seconds: (performance.now() - started) / 1000 },
  };
}

interface BenchUser {
  size: number;
  token: string;
}

/**
 * Times one query for every user, their requests interleaved; bounded: `requests` rounds after 5
 * warm-up requests each, or 20 s per user.
 */
async function timeQuery(
  path: string,
  users: BenchUser[],
  requests: number,
  meter: ReturnType<typeof meterReads>,
): Promise<Omit<TaxResult, 'query'>[]> {
  const once = async (user: BenchUser) => {
    const res = await fetch(path, { headers: { 'x-auth-token': user.token } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
  };
  for (const user of users) for (let i = 0; i < 5; i++) await once(user);
  const runs = users.map(() => ({ latencies: [] as number[], items: 0 }));
  const deadline = performance.now() + 20_000 * users.length;
  for (let round = 0; round < requests && performance.now() < deadline; round++) {
    for (const [i, user] of users.entries()) {
      const run = runs[i] as (typeof runs)[number];
      meter.reset();
      const t0 = performance.now();
      await once(user);
      run.latencies.push(performance.now() - t0);
      run.items += meter.items;
    }
  }
  return users.map((user, i) => {
    const { latencies, items } = runs[i] as (typeof runs)[number];
    latencies.sort((a, b) => a - b);
    return {
      size: user.size,
      requests: latencies.length,
      medianMs: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      itemsRead: items / latencies.length,
    };
  });
}

export async function benchTaxReport(options: TaxBenchOptions): Promise<TaxResult[]> {
  const { ddb } = await import('../functions/data/core/client');
  const meter = meterReads(ddb);
  // Last calendar year: every month, quarter and the year are whole.
  const year = new Date().getUTCFullYear() - 1;
  const queries: [string, Record<string, string>][] = [
    ['a month (m6), cash', { period: 'm6' }],
    ['a quarter (q2), cash', { period: 'q2' }],
    ['the year, cash', { period: 'year' }],
    ['the year, accrual', { period: 'year', basis: 'accrual' }],
    ['the year as CSV', { period: 'year', format: 'csv' }],
  ];
  const users: BenchUser[] = [];
  for (const size of options.sizes) {
    const user = await seedTaxUser(size, year);
    options.log(`seeded ${size} entries: ${user.seed.items} items in ${user.seed.seconds.toFixed(1)} s`);
    users.push({ size, token: user.token });
  }
  const results: TaxResult[] = [];
  for (const [name, query] of queries) {
    const params = new URLSearchParams({ year: String(year), basis: 'cash', ...query });
    const path = `${options.baseUrl}/api/taxreport?${params.toString()}`;
    for (const r of await timeQuery(path, users, options.requests, meter)) {
      results.push({ query: name, ...r });
      options.log(
        `  ${name}, ${r.size}: ${r.medianMs.toFixed(1)} ms median, ${r.itemsRead.toFixed(0)} items read`,
      );
    }
  }
  return results;
}

/** The results as a markdown table: each query's figures per size and the largest ÷ smallest median. */
export function taxReportMarkdown(results: TaxResult[], sizes: number[]): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const head = `| query | ${sizes.map((s) => `${n(s)}: median / p95 ms`).join(' | ')} | items read (${sizes.map(n).join(' / ')}) | median ${n(sizes.at(-1) ?? 0)} ÷ ${n(sizes[0] ?? 0)} |`;
  const lines = [head, `|---|${sizes.map(() => '---:').join('|')}|---:|---:|`];
  for (const query of [...new Set(results.map((r) => r.query))]) {
    const of = (s: number) => results.find((r) => r.query === query && r.size === s);
    const first = of(sizes[0] ?? 0);
    const last = of(sizes.at(-1) ?? 0);
    lines.push(
      `| ${query} | ${sizes.map((s) => `${of(s)?.medianMs.toFixed(1)} / ${of(s)?.p95Ms.toFixed(1)}`).join(' | ')} | ${sizes.map((s) => n(Math.round(of(s)?.itemsRead ?? 0))).join(' / ')} | ${first && last ? (last.medianMs / first.medianMs).toFixed(2) : '–'}× |`,
    );
  }
  return lines.join('\n');
}

export async function writeTaxReportResults(results: TaxResult[], sizes: number[], requests: number) {
  return saveBenchResults(
    'taxreport',
    'Tax report benchmark',
    `${requests} sequential requests per query and size over HTTP through the local server (after 5 warm-up requests), the sizes' requests interleaved; 6 projects, income and expenses with VAT and all 13 categories spread over last calendar year, 24 invoices (19 %, 7 %, reverse charge; two in three paid). Target: the largest size within 2× the time of the smallest.`,
    taxReportMarkdown(results, sizes),
    results,
  );
}

if (resolve(process.argv[1] ?? '') === resolve(import.meta.filename)) {
  const sizes = cliOption('sizes', '1000,100000').split(',').map(Number);
  const requests = Number(cliOption('requests', '20'));
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const stack = await startBenchStack();
  try {
    const results = await benchTaxReport({ baseUrl: stack.baseUrl, sizes, requests, log });
    log(await writeTaxReportResults(results, sizes, requests));
  } finally {
    await stack.stop();
  }
}
