/**
 * One user of the mixed write load (`bench/load.ts`): its account, what it sends, and what it
 * expects the server to hold afterwards (kept as it writes, exact: milliseconds and cents).
 */
import { type Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { ulid } from 'ulid';
import { putDemoProfile } from '../functions/data/identity/demo';
import { addDays, dayOf } from '../functions/domain/shared/calendar';
import { signToken } from '../functions/lib/jwt';
import { benchUser } from './stack';

/** Tags as users write them: Latin, German, Japanese; folded apart, so each is its own report. */
const TAGS = ['client-a', 'design', 'Büro', '会議', 'review'];
const TASKS = ['Build', 'Review', 'Meeting', 'Écriture', '設計'];
const DAYS_BACK = 60;

interface Entry {
  id: string;
  projectId: string;
  duration: number;
  tags: string[];
  billable: boolean;
}

interface Totals {
  timeMs: number;
  incomeCents: number;
  expenseCents: number;
}

export interface LoadUser {
  index: number;
  baseUrl: string;
  agent: Agent;
  headers: Record<string, string>;
  projects: Map<string, Totals>;
  entries: Entry[];
  /** A small, seeded random sequence per user, so runs send the same mix. */
  random: () => number;
}

/** One call; answers the parsed JSON body; a status of 400 or more throws. */
function callOnce(u: LoadUser, method: string, path: string, body?: unknown): Promise<unknown> {
  return new Promise((ok, fail) => {
    const req = request(`${u.baseUrl}${path}`, { method, headers: u.headers, agent: u.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if ((res.statusCode ?? 0) >= 400)
          fail(new Error(`${method} ${path} answered ${res.statusCode}: ${text.slice(0, 200)}`));
        else ok(text ? JSON.parse(text) : undefined);
      });
    });
    req.on('error', fail);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Server errors (a timeout on a machine under load) seen, each retried. */
export const serverErrors = { count: 0, last: '' };

/**
 * One call, sent again on a server error as the app does: every write here is repeatable (a
 * create carries its own id, an edit sets values), so a retry never counts twice.
 */
async function call(u: LoadUser, method: string, path: string, body?: unknown): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await callOnce(u, method, path, body);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= 6 || !/ answered 5\d\d/.test(message)) throw error;
      serverErrors.count++;
      serverErrors.last = message;
    }
  }
}

const seeded = (seed: number) => {
  let state = seed * 2_654_435_761 + 1;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
};

const pick = <T>(u: LoadUser, list: readonly T[]): T => list[Math.floor(u.random() * list.length)] as T;

async function createProject(u: LoadUser): Promise<void> {
  const answer = (await call(u, 'POST', '/api/projects', { name: `Load ${u.projects.size + 1} ✓` })) as {
    _id: string;
  };
  u.projects.set(answer._id, { timeMs: 0, incomeCents: 0, expenseCents: 0 });
}

/** The user's account and session, and its first project. */
export async function seedLoadUser(index: number, baseUrl: string, agent: Agent): Promise<LoadUser> {
  const userId = ulid();
  await putDemoProfile(
    benchUser({ _id: userId, name: `Load ${index}`, email: `load-${index}-${userId}@example.com` }),
  );
  const token = await signToken({ sub: userId, ver: 0 });
  const u: LoadUser = {
    index,
    baseUrl,
    agent,
    headers: { 'x-auth-token': token, 'content-type': 'application/json' },
    projects: new Map(),
    entries: [],
    random: seeded(index + 1),
  };
  await createProject(u);
  return u;
}

const today = () => dayOf(new Date());

async function createTime(u: LoadUser): Promise<void> {
  const projectId = pick(u, [...u.projects.keys()]);
  const tags = TAGS.filter(() => u.random() < 0.3).slice(0, 3);
  const entry: Entry = {
    id: ulid(),
    projectId,
    duration: (1 + Math.floor(u.random() * 480)) * 60_000 + Math.floor(u.random() * 60) * 1000,
    tags,
    billable: u.random() < 0.7,
  };
  await call(u, 'POST', '/api/timeactivities', {
    _id: entry.id,
    projectId,
    activity: pick(u, TASKS),
    description: u.random() < 0.5 ? 'Sub-task' : '',
    date: addDays(today(), -Math.floor(u.random() * DAYS_BACK)),
    duration: entry.duration,
    billable: entry.billable,
    tags,
  });
  u.entries.push(entry);
  (u.projects.get(projectId) as Totals).timeMs += entry.duration;
}

async function createFinance(u: LoadUser): Promise<void> {
  const projectId = pick(u, [...u.projects.keys()]);
  const cents = 1 + Math.floor(u.random() * 250_000);
  const expense = u.random() < 0.4;
  await call(u, 'POST', '/api/financeactivities', {
    _id: ulid(),
    projectId,
    activity: pick(u, TASKS),
    amount: cents / 100,
    expense,
    date: addDays(today(), -Math.floor(u.random() * DAYS_BACK)),
  });
  const totals = u.projects.get(projectId) as Totals;
  if (expense) totals.expenseCents += cents;
  else totals.incomeCents += cents;
}

/** Moves an entry to another project, or changes its time and tags. */
async function editTime(u: LoadUser): Promise<void> {
  const entry = u.entries.length ? pick(u, u.entries) : undefined;
  if (!entry) return createTime(u);
  const from = u.projects.get(entry.projectId) as Totals;
  if (u.projects.size > 1 && u.random() < 0.5) {
    const to = pick(
      u,
      [...u.projects.keys()].filter((id) => id !== entry.projectId),
    );
    await call(u, 'PUT', `/api/timeActivities/${entry.id}`, { projectId: to });
    from.timeMs -= entry.duration;
    (u.projects.get(to) as Totals).timeMs += entry.duration;
    entry.projectId = to;
    return;
  }
  const duration = entry.duration + 15 * 60_000;
  const tags = TAGS.filter(() => u.random() < 0.3).slice(0, 3);
  await call(u, 'PUT', `/api/timeActivities/${entry.id}`, { duration, tags });
  from.timeMs += duration - entry.duration;
  entry.duration = duration;
  entry.tags = tags;
}

async function read(u: LoadUser): Promise<void> {
  if (u.random() < 0.5) await call(u, 'GET', '/api/projects');
  else await call(u, 'GET', `/api/timeactivities/${pick(u, [...u.projects.keys()])}?limit=20`);
}

/** Sends one request after another until `deadline` or `maxRequests`; the latencies of each kind. */
export async function runUser(u: LoadUser, deadline: number, maxRequests: number) {
  const writes: number[] = [];
  const reads: number[] = [];
  for (let n = 0; n < maxRequests && performance.now() < deadline; n++) {
    const r = u.random();
    const t0 = performance.now();
    if (r < 0.2) {
      await read(u);
      reads.push(performance.now() - t0);
      continue;
    }
    if (r < 0.22 && u.projects.size < 6) await createProject(u);
    else if (r < 0.65) await createTime(u);
    else if (r < 0.85) await createFinance(u);
    else await editTime(u);
    writes.push(performance.now() - t0);
  }
  return { writes, reads };
}

interface ReportAnswer {
  total: { timeMs: number; billableMs: number };
}

/** What differs between the server's totals and the client's (empty: exact). Waits for the stream. */
export async function verifyUser(u: LoadUser, waitMs: number, tagReports = true): Promise<string[]> {
  const problems: string[] = [];
  const projects = (await call(u, 'GET', '/api/projects')) as {
    _id: string;
    totalHours: number;
    totalIncome: number;
    totalExpenses: number;
  }[];
  for (const [id, want] of u.projects) {
    const got = projects.find((p) => p._id === id);
    const cents = (x: number | undefined) => Math.round((x ?? Number.NaN) * 100);
    if (
      got?.totalHours !== want.timeMs ||
      cents(got.totalIncome) !== want.incomeCents ||
      cents(got.totalExpenses) !== want.expenseCents
    ) {
      problems.push(`user ${u.index} project ${id}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    }
  }
  const range = `startdate=${addDays(today(), -DAYS_BACK - 1)}&enddate=${today()}`;
  const sum = (list: Entry[], billable = false) =>
    list.filter((e) => !billable || e.billable).reduce((n, e) => n + e.duration, 0);
  const checks: [string, number, number][] = [
    [`groupby=task&${range}`, sum(u.entries), sum(u.entries, true)],
    [`groupby=week&${range}`, sum(u.entries), sum(u.entries, true)],
    ...(tagReports ? TAGS : []).map((tag): [string, number, number] => {
      const tagged = u.entries.filter((e) => e.tags.includes(tag));
      return [`groupby=day&tag=${encodeURIComponent(tag)}&${range}`, sum(tagged), sum(tagged, true)];
    }),
  ];
  for (const [query, timeMs, billableMs] of checks) {
    const until = performance.now() + waitMs;
    let got: ReportAnswer['total'] | undefined;
    // The tag reports trail the writes by the stream's delay: asked again until they match.
    for (let i = 0; i < 300; i++) {
      got = ((await call(u, 'GET', `/api/reports?${query}`)) as ReportAnswer).total;
      if ((got.timeMs === timeMs && got.billableMs === billableMs) || performance.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (got?.timeMs !== timeMs || got.billableMs !== billableMs) {
      problems.push(`user ${u.index} report ${query}: ${JSON.stringify(got)} ≠ ${timeMs}/${billableMs}`);
    }
  }
  return problems;
}
