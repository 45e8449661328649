import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { readCsv } from '../../functions/domain/tracking/csv/csv';
import { ANSWER_MARGIN_MS } from '../../functions/domain/tracking/export-pages';
import { matchRoute } from '../../functions/routes-match';
import { loadHandler, toApiGatewayEvent } from '../../infra/local/lambda-events';
import { newProject, newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';

// Every export page ends on its reading time after its first entry: the paging that a slow
// DynamoDB causes for 100,000 entries, here with a few dozen and without sleeping.
vi.hoisted(() => {
  process.env.EXPORT_PAGE_TIME_MS = '0';
});

const BOM = '\uFEFF';

/** Calls a route's handler as Lambda does, with `remainingMs` of the function's time left. */
async function callWithTime(path: string, token: string, query: Record<string, string>, remainingMs: number) {
  const match = matchRoute('GET', path);
  if (!match || 'methodNotAllowed' in match) throw new Error(`No route for ${path}`);
  const event = toApiGatewayEvent(
    {
      method: 'GET',
      url: `${path}?${new URLSearchParams(query).toString()}`,
      headers: { host: 'localhost', 'x-auth-token': token },
      sourceIp: '127.0.0.1',
    },
    match.route,
    match.pathParameters,
    Buffer.from(''),
  );
  const handler = await loadHandler(match.route.handler);
  const result = await handler(event, { getRemainingTimeInMillis: () => remainingMs } as unknown as Context);
  return {
    status: result.statusCode ?? 200,
    body: result.body ?? '',
    cursor: (result.headers?.['x-next-cursor'] as string | undefined) ?? undefined,
  };
}

/** Every page from `cursor` on (the first page when none), following `x-next-cursor`. */
async function follow(user: TestUser, path: string, query: Record<string, string> = {}, cursor?: string) {
  const pages: { body: any; headers: Record<string, string> }[] = [];
  let next = cursor;
  do {
    const res = await call('GET', path, {
      token: user.token,
      query: { ...query, ...(next ? { cursor: next } : {}) },
    });
    expect(res.status).toBe(200);
    pages.push({ body: res.body, headers: res.headers });
    next = res.headers['x-next-cursor'];
  } while (next && pages.length < 500);
  expect(next).toBeUndefined();
  return pages;
}

/** A premium account with time and money entries in two projects, Unicode included. */
async function account() {
  const user = await newUser({ premium: true });
  const a = await newProject(user, 'Café ☕');
  const b = await newProject(user, 'B');
  const tasks: string[] = [];
  for (let i = 0; i < 24; i++) {
    const activity = `Task ${i} 日本語 #${i} 100%`;
    tasks.push(activity);
    const res = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: {
        projectId: i % 3 === 0 ? b : a,
        activity,
        date: `2026-0${(i % 3) + 1}-1${i % 10}`,
        duration: (i + 1) * 60_000,
      },
    });
    expect(res.status).toBe(201);
  }
  const notes: string[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId: i % 2 ? a : b, activity: `Invoice ${i}`, date: '2026-02-01', amount: i + 0.01 },
    });
    expect(res.status).toBe(201);
    notes.push(`Invoice ${i}`);
  }
  return { user, a, b, tasks, notes };
}

describe('export pages that end on their reading time', () => {
  it('join into every entry exactly once: both CSV files, a project’s range, and the JSON export', async () => {
    const { user, a, tasks, notes } = await account();

    const time = await follow(user, '/api/export/timeactivities.csv');
    // One entry a page: the budget is checked after each entry, and a page holds at least one.
    expect(time.length).toBeGreaterThanOrEqual(24);
    expect(
      time[0]?.body.startsWith(
        `${BOM}Project,Date,Start,End,Duration,Task,Sub-task,Notes,Client,Billable,Tags,Hours\r\n`,
      ),
    ).toBe(true);
    expect(time.slice(1).every((p) => !p.body.startsWith(BOM) && !p.body.includes('Project,Date'))).toBe(
      true,
    );
    const rows = readCsv(time.map((p) => p.body).join('')).records.map((r) => r.cells[5]);
    expect(rows.toSorted()).toEqual(tasks.toSorted());

    const range = await follow(user, '/api/export/timeactivities.csv', {
      projectid: a,
      startdate: '2026-02-01',
      enddate: '2026-02-28',
    });
    const inRange = readCsv(range.map((p) => p.body).join('')).records.map((r) => r.cells[5]);
    expect(inRange.toSorted()).toEqual(tasks.filter((_, i) => i % 3 === 1).toSorted());

    const money = await follow(user, '/api/export/financeactivities.csv');
    expect(money.length).toBeGreaterThanOrEqual(12);
    const invoices = readCsv(money.map((p) => p.body).join('')).records.map((r) => r.cells[4]);
    expect(invoices.toSorted()).toEqual(notes.toSorted());

    const json = await follow(user, '/api/exportuserdata');
    expect(json.length).toBeGreaterThanOrEqual(36);
    expect(json[0]?.body.projects).toHaveLength(2);
    expect(json.slice(1).every((p) => p.body.projects.length === 0)).toBe(true);
    const ids = json.flatMap((p) => p.body.timeActivities.map((t: { _id: string }) => t._id));
    expect(new Set(ids).size).toBe(24);
    expect(ids).toHaveLength(24);
    const money2 = json.flatMap((p) => p.body.financeActivities.map((f: { activity: string }) => f.activity));
    expect(money2.toSorted()).toEqual(notes.toSorted());
  }, 120_000);

  it('end before their first entry with a cursor, not a timeout, when the function’s time is nearly gone', async () => {
    const { user, tasks, notes } = await account();

    const first = await callWithTime('/api/export/timeactivities.csv', user.token, {}, ANSWER_MARGIN_MS);
    expect(first.status).toBe(200);
    expect(first.body).toBe(
      `${BOM}Project,Date,Start,End,Duration,Task,Sub-task,Notes,Client,Billable,Tags,Hours\r\n`,
    );
    expect(first.cursor).toBeDefined();
    // The same cursor again, still without time: no progress, but no error either.
    const stalled = await callWithTime(
      '/api/export/timeactivities.csv',
      user.token,
      { cursor: first.cursor ?? '' },
      ANSWER_MARGIN_MS,
    );
    expect(stalled).toEqual({ status: 200, body: '', cursor: first.cursor });
    const rest = await follow(user, '/api/export/timeactivities.csv', {}, first.cursor);
    const file = first.body + rest.map((p) => p.body).join('');
    expect(file.indexOf('Project,Date')).toBe(file.lastIndexOf('Project,Date'));
    expect(
      readCsv(file)
        .records.map((r) => r.cells[5])
        .toSorted(),
    ).toEqual(tasks.toSorted());

    const json = await callWithTime('/api/exportuserdata', user.token, {}, ANSWER_MARGIN_MS);
    expect(json.status).toBe(200);
    const page = JSON.parse(json.body);
    expect(page.projects).toHaveLength(2);
    expect(page.timeActivities).toEqual([]);
    const pages = [page, ...(await follow(user, '/api/exportuserdata', {}, json.cursor)).map((p) => p.body)];
    expect(pages.flatMap((p) => p.timeActivities)).toHaveLength(24);
    expect(
      pages
        .flatMap((p) => p.financeActivities)
        .map((f: { activity: string }) => f.activity)
        .toSorted(),
    ).toEqual(notes.toSorted());
  }, 120_000);
});
