/**
 * The invoice PDF benchmark (issue 23): one user, one client, 30 projects and 500 billable entries
 * (German, accented and Japanese/Chinese text), made into one invoice through the local API, which
 * is sent; then `GET /api/invoices/{id}/pdf` is timed over HTTP (the first one in this process
 * reads the fonts; then `requests` more), and the render alone (`renderInvoicePdf`, no table).
 * Target: within 2 s on the local stack. Imported by `bench/run.ts` after the environment points
 * at the benchmark's DynamoDB Local.
 */
import { performance } from 'node:perf_hooks';
import { ulid } from 'ulid';
import { getInvoice, getInvoiceSettings, listInvoiceEntries } from '../functions/data/billing/invoices';
import { putDemoProfile } from '../functions/data/identity/demo';
import { renderInvoicePdf } from '../functions/domain/billing/invoices/pdf/invoice-pdf';
import { signToken } from '../functions/lib/jwt';
import { benchUser, percentile } from './stack';

export const PDF_TARGET_MS = 2000;

const TEXTS = [
  'Überarbeitung der Startseite',
  'Café-Besprechung, Prüfung',
  '会議の準備',
  '设计评审',
  'Ñandú façade',
];

async function api(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'x-auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res;
}

/** A client with 30 projects and 500 entries in March 2026, through the API. */
async function seed(baseUrl: string) {
  const userId = ulid();
  await putDemoProfile(
    benchUser({
      _id: userId,
      name: 'Bench invoices',
      email: `bench-invoice-${userId}@example.com`,
      language: 'de',
      numberFormat: 'de-DE',
    }),
  );
  const token = await signToken({ sub: userId, ver: 0 });
  const client = await (
    await api(baseUrl, token, 'POST', '/api/clients', { name: 'Müller & Söhne 株式会社' })
  ).json();
  const projects: string[] = [];
  for (let p = 0; p < 30; p++) {
    const body = {
      name: `Projekt ${p} – ${TEXTS[p % TEXTS.length]}`,
      clientId: client._id,
      hourlyRate: 80 + p,
    };
    projects.push((await (await api(baseUrl, token, 'POST', '/api/projects', body)).json())._id);
  }
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < 500; i = next++) {
      await api(baseUrl, token, 'POST', '/api/timeactivities', {
        projectId: projects[i % 30],
        date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
        duration: (15 + (i % 120)) * 60_000,
        activity: `${TEXTS[i % TEXTS.length]} ${i}`,
        description: TEXTS[(i + 2) % TEXTS.length],
      });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  const draft = await (
    await api(baseUrl, token, 'POST', '/api/invoices', {
      clientId: client._id,
      startdate: '2026-03-01',
      enddate: '2026-03-31',
      taxRate: 19,
    })
  ).json();
  await api(baseUrl, token, 'PUT', `/api/invoices/${draft._id}`, { status: 'sent' });
  return { userId, token, invoiceId: draft._id as string, entries: draft.entryCount as number };
}

export async function benchInvoicePdf(options: {
  baseUrl: string;
  requests: number;
  log: (line: string) => void;
}) {
  const { userId, token, invoiceId, entries } = await seed(options.baseUrl);
  const fetchPdf = () =>
    timed(async () => {
      const res = await api(options.baseUrl, token, 'GET', `/api/invoices/${invoiceId}/pdf`);
      return (await res.arrayBuffer()).byteLength;
    });
  const first = await fetchPdf();
  const http: Timing[] = [];
  for (let i = 0; i < options.requests; i++) http.push(await fetchPdf());
  const invoice = await getInvoice(userId, invoiceId);
  const [copies, issuer] = await Promise.all([
    listInvoiceEntries(userId, invoiceId),
    getInvoiceSettings(userId),
  ]);
  const render: Timing[] = [];
  for (let i = 0; i < options.requests && invoice; i++) {
    render.push(
      await timed(async () => {
        await renderInvoicePdf({ invoice, entries: copies, issuer, language: 'de', numberFormat: 'de-DE' });
        return 0;
      }),
    );
  }
  const markdown = [
    `Invoice with ${entries} entries over 30 projects (German, accented, Japanese and Chinese text), ${first.value.toLocaleString('en')} bytes; target < ${PDF_TARGET_MS} ms. Wall time is what the caller waits; CPU is this process's own work in that time (the API server runs in it; DynamoDB Local does not), which a loaded machine does not inflate the way it inflates wall time.`,
    '',
    '| what | first (wall / CPU) | median wall | p95 wall | median CPU | target met (wall) |',
    '| --- | --- | --- | --- | --- | --- |',
    row('`GET /api/invoices/{id}/pdf` over HTTP (reads, render, base64)', http, first),
    row('render alone (`renderInvoicePdf`, fonts loaded)', render),
  ].join('\n');
  options.log(markdown);
  return {
    markdown,
    json: { entries, bytes: first.value, first, http, render },
  };
}

interface Timing {
  wallMs: number;
  cpuMs: number;
  value: number;
}

/** Wall time and this process's CPU time (user + system) of one run of `fn`. */
async function timed(fn: () => Promise<number>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, value };
}

function row(what: string, runs: Timing[], first?: Timing): string {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const wall = runs.map((r) => r.wallMs).sort((a, b) => a - b);
  const cpu = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
  const met = (first ? first.wallMs < PDF_TARGET_MS : true) && percentile(wall, 95) < PDF_TARGET_MS;
  return `| ${what} | ${first ? `${ms(first.wallMs)} / ${ms(first.cpuMs)}` : ''} | ${ms(percentile(wall, 50))} | ${ms(percentile(wall, 95))} | ${ms(percentile(cpu, 50))} | ${met ? 'yes' : '**no**'} |`;
}
