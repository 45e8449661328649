import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { bulkSeed } from '../../functions/data/tracking/bulk';
import type { FinanceActivityRecord } from '../../functions/data/tracking/finance-activities';
import { readCsv } from '../../functions/domain/tracking/csv/csv';
import { PAGE_BUDGET_BYTES } from '../../functions/domain/tracking/export-pages';
import { newProject, newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';

const BOM = '\uFEFF';

async function time(user: TestUser, body: Record<string, unknown>) {
  const res = await call('POST', '/api/timeactivities', { token: user.token, body });
  expect(res.status).toBe(201);
  return res.body;
}

async function money(user: TestUser, body: Record<string, unknown>) {
  const res = await call('POST', '/api/financeactivities', { token: user.token, body });
  expect(res.status).toBe(201);
  return res.body;
}

/** Every page of a CSV export, following `x-next-cursor`; answers the joined text and the pages. */
async function exportAll(user: TestUser, path: string, query: Record<string, string> = {}) {
  const pages: { text: string; headers: Record<string, string> }[] = [];
  let cursor: string | undefined;
  do {
    const res = await call('GET', path, {
      token: user.token,
      query: { ...query, ...(cursor ? { cursor } : {}) },
    });
    expect(res.status).toBe(200);
    pages.push({ text: res.body as string, headers: res.headers });
    cursor = res.headers['x-next-cursor'];
  } while (cursor && pages.length < 100);
  return { text: pages.map((p) => p.text).join(''), pages };
}

/** Notes with quotes and newlines: the rows CSV quoting and Lambda's JSON escaping inflate most. */
const INFLATING_NOTES = `"quoted",\n${'"'.repeat(1990)}`;

/**
 * Seeds `count` income entries with {@link INFLATING_NOTES} into the user's project 'Big' at once
 * (bulk, not through the API), so that their export takes several pages.
 */
async function seedInflatingRows(
  user: TestUser,
  projectId: string,
  count: number,
  row: (i: number) => { task: string; date: string },
) {
  const now = new Date().toISOString();
  const entries: FinanceActivityRecord[] = Array.from({ length: count }, (_, i) => ({
    activityId: ulid(),
    userId: user.userId,
    projectId,
    ...row(i),
    subTask: '',
    amountCents: i,
    expense: false,
    notes: INFLATING_NOTES,
    version: 1,
    createdAt: now,
    updatedAt: now,
  }));
  const project = { projectId, userId: user.userId, name: 'Big', description: '', enableEmbedding: false };
  await bulkSeed({
    userId: user.userId,
    projects: [{ ...project, totalMs: 0, totalIncomeCents: 0, totalExpensesCents: 0, createdAt: now }],
    timeActivities: [],
    financeActivities: entries,
  });
}

describe('GET /api/export/timeactivities.csv', () => {
  it('is an Excel-friendly attachment: BOM, one header row, the contract’s columns and formats', async () => {
    const user = await newUser();
    const projectId = await newProject(user, 'Website, "Acme"');
    await time(user, {
      projectId,
      activity: '=SUM(A1:A9)',
      description: 'line one\nline two, with "quotes" 🎉',
      date: '2026-03-02',
      startTime: '2026-03-02T09:00:00.000Z',
      endTime: '2026-03-02T10:30:45.000Z',
    });
    await time(user, { projectId, activity: 'Review', date: '2026-03-03', duration: 0 });
    const res = await call('GET', '/api/export/timeactivities.csv', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="timeledger-time-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-next-cursor']).toBeUndefined();
    const text = res.body as string;
    expect(
      text.startsWith(
        `${BOM}Project,Date,Start,End,Duration,Task,Sub-task,Notes,Client,Billable,Tags,Hours\r\n`,
      ),
    ).toBe(true);
    const { header, records } = readCsv(text);
    expect(header).toEqual([
      'Project',
      'Date',
      'Start',
      'End',
      'Duration',
      'Task',
      'Sub-task',
      'Notes',
      'Client',
      'Billable',
      'Tags',
      'Hours',
    ]);
    expect(records.map((r) => r.cells)).toEqual([
      [
        'Website, "Acme"',
        '2026-03-02',
        '09:00',
        '10:30',
        '01:30:45',
        "'=SUM(A1:A9)",
        'line one\nline two, with "quotes" 🎉',
        '',
        '',
        'yes',
        '',
        '1.51',
      ],
      ['Website, "Acme"', '2026-03-03', '', '', '00:00:00', 'Review', '', '', '', 'yes', '', '0.00'],
    ]);
  });

  it('shows start and end on the wall clock of the time zone asked for', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await time(user, {
      projectId,
      date: '2026-07-01',
      startTime: '2026-07-01T07:15:00.000Z',
      endTime: '2026-07-01T08:00:00.000Z',
    });
    const res = await call('GET', '/api/export/timeactivities.csv', {
      token: user.token,
      query: { tz: 'Europe/Berlin' },
    });
    expect(readCsv(res.body).records[0]?.cells.slice(2, 5)).toEqual(['09:15', '10:00', '00:45:00']);
    const bad = await call('GET', '/api/export/timeactivities.csv', {
      token: user.token,
      query: { tz: 'Mars/Base' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].msg).toContain('tz must be a time zone');
  });

  it('keeps to one project and a date range, and answers 404 for another user’s project', async () => {
    const user = await newUser({ premium: true });
    const a = await newProject(user, 'A');
    const b = await newProject(user, 'B');
    for (const day of ['2026-01-31', '2026-02-01', '2026-02-28', '2026-03-01']) {
      await time(user, { projectId: a, activity: `a ${day}`, date: day, duration: 60_000 });
      await time(user, { projectId: b, activity: `b ${day}`, date: day, duration: 60_000 });
    }
    const range = { startdate: '2026-02-01', enddate: '2026-02-28' };
    const one = await exportAll(user, '/api/export/timeactivities.csv', { ...range, projectid: a });
    expect(readCsv(one.text).records.map((r) => r.cells[5])).toEqual(['a 2026-02-01', 'a 2026-02-28']);
    const all = await exportAll(user, '/api/export/timeactivities.csv', range);
    expect(
      readCsv(all.text)
        .records.map((r) => r.cells[5])
        .sort(),
    ).toEqual(['a 2026-02-01', 'a 2026-02-28', 'b 2026-02-01', 'b 2026-02-28']);
    const stranger = await newUser();
    const foreign = await call('GET', '/api/export/timeactivities.csv', {
      token: stranger.token,
      query: { projectid: a },
    });
    expect(foreign.status).toBe(404);
    const malformed = await call('GET', '/api/export/timeactivities.csv', {
      token: user.token,
      query: { projectid: 'x#y' },
    });
    expect(malformed.status).toBe(404);
    const badDate = await call('GET', '/api/export/timeactivities.csv', {
      token: user.token,
      query: { startdate: '2026-02-30' },
    });
    expect(badDate.status).toBe(400);
    const reversed = await call('GET', '/api/export/timeactivities.csv', {
      token: user.token,
      query: { startdate: '2026-03-01', enddate: '2026-02-01' },
    });
    expect(reversed.status).toBe(400);
  });

  it('needs a session', async () => {
    const res = await call('GET', '/api/export/timeactivities.csv');
    expect(res.status).toBe(401);
  });
});

describe('GET /api/export/financeactivities.csv', () => {
  it('writes Type, an Amount with a dot and two decimals, an expense’s Category and the VAT', async () => {
    const user = await newUser();
    const projectId = await newProject(user, 'Ärzte & Co');
    await money(user, {
      projectId,
      activity: 'Invoice',
      date: '2026-03-31',
      amount: 1234.5,
      notes: '-5 % Rabatt',
    });
    await money(user, {
      projectId,
      activity: 'Fonts',
      date: '2026-03-05',
      amount: 0.07,
      vatAmount: 0.01,
      expense: true,
      category: 'software',
    });
    const res = await call('GET', '/api/export/financeactivities.csv', { token: user.token });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const { header, records } = readCsv(res.body);
    expect(header).toEqual([
      'Project',
      'Date',
      'Type',
      'Amount',
      'Task',
      'Sub-task',
      'Notes',
      'Category',
      'VAT',
    ]);
    expect(records.map((r) => r.cells).sort()).toEqual([
      ['Ärzte & Co', '2026-03-05', 'expense', '0.07', 'Fonts', '', '', 'software', '0.01'],
      ['Ärzte & Co', '2026-03-31', 'income', '1234.50', 'Invoice', '', "'-5 % Rabatt", '', '0.00'],
    ]);
  });

  it('comes in pages under the response limit whose bodies join into the whole file', async () => {
    const user = await newUser({ premium: true });
    const projectId = await newProject(user, 'Big');
    await seedInflatingRows(user, projectId, 1200, (i) => ({
      task: `Invoice ${i}`,
      date: `2025-${String((i % 12) + 1).padStart(2, '0')}-01T00:00:00.000Z`,
    }));
    const { text, pages } = await exportAll(user, '/api/export/financeactivities.csv');
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      // What Lambda sends: the body escaped inside its JSON response, below 6 MB with room to spare.
      expect(Buffer.byteLength(JSON.stringify(page.text))).toBeLessThanOrEqual(PAGE_BUDGET_BYTES + 100);
    }
    expect(pages.slice(1).every((p) => !p.text.startsWith(BOM) && !p.text.startsWith('Project,'))).toBe(true);
    const { records } = readCsv(text);
    expect(records).toHaveLength(1200);
    expect(new Set(records.map((r) => r.cells[4])).size).toBe(1200);
    expect(records.every((r) => r.cells[6] === INFLATING_NOTES)).toBe(true);

    const json: { timeActivities: unknown[]; financeActivities: unknown[]; projects: unknown[] }[] = [];
    let cursor: string | undefined;
    do {
      const res = await call('GET', '/api/exportuserdata', {
        token: user.token,
        query: cursor ? { cursor } : {},
      });
      expect(res.status).toBe(200);
      expect(Buffer.byteLength(JSON.stringify(JSON.stringify(res.body)))).toBeLessThanOrEqual(
        PAGE_BUDGET_BYTES + 100,
      );
      json.push(res.body);
      cursor = res.headers['x-next-cursor'];
    } while (cursor && json.length < 100);
    expect(json.length).toBeGreaterThan(1);
    expect(json.flatMap((p) => p.financeActivities)).toHaveLength(1200);
    expect(json[0]?.projects).toHaveLength(1);
    const badCursor = await call('GET', '/api/exportuserdata', {
      token: user.token,
      query: { cursor: 'nope' },
    });
    expect(badCursor.status).toBe(400);
    const stranger = await newUser();
    const stolen = await call('GET', '/api/export/financeactivities.csv', {
      token: stranger.token,
      query: { cursor: pages[0]?.headers['x-next-cursor'] ?? '' },
    });
    expect(stolen.status).toBe(400);
  }, 180_000);
});

describe('the CSV exports of a whole account', () => {
  it('list entries by date across projects, whatever order they were entered in, within the range asked', async () => {
    const user = await newUser();
    const web = await newProject(user, 'Web');
    const app = await newProject(user, 'App');
    // Entered newest first and across two projects: id order is the reverse of date order.
    const days = ['2026-05-20', '2026-05-03', '2026-04-30', '2026-02-01', '2026-01-15'];
    for (const [i, date] of days.entries()) {
      const projectId = i % 2 ? app : web;
      await time(user, { projectId, activity: `Work ${date}`, date, duration: 3_600_000 });
      await money(user, { projectId, activity: `Paid ${date}`, date, amount: i + 1 });
    }
    const ascending = [...days].sort();
    for (const path of ['/api/export/timeactivities.csv', '/api/export/financeactivities.csv']) {
      const { records } = readCsv((await exportAll(user, path)).text);
      expect(
        records.map((r) => r.cells[1]),
        path,
      ).toEqual(ascending);
      const ranged = readCsv(
        (await exportAll(user, path, { startdate: '2026-02-01', enddate: '2026-05-03' })).text,
      );
      expect(
        ranged.records.map((r) => r.cells[1]),
        path,
      ).toEqual(['2026-02-01', '2026-04-30', '2026-05-03']);
    }
  });

  it('resume in date order from a page’s cursor, and refuse that cursor to another user', async () => {
    const user = await newUser({ premium: true });
    const other = await newUser();
    const projectId = await newProject(user, 'Big');
    // Ids ascend while dates descend.
    await seedInflatingRows(user, projectId, 1500, (i) => ({
      task: `Row ${i}`,
      date: new Date(Date.UTC(2026, 0, 1) - i * 86_400_000).toISOString(),
    }));
    const { text, pages } = await exportAll(user, '/api/export/financeactivities.csv');
    expect(pages.length).toBeGreaterThan(1);
    const dates = readCsv(text).records.map((r) => r.cells[1]);
    expect(dates).toHaveLength(1500);
    expect(dates).toEqual([...dates].sort());
    const cursor = pages[0]?.headers['x-next-cursor'] ?? '';
    const stolen = await call('GET', '/api/export/financeactivities.csv', {
      token: other.token,
      query: { cursor },
    });
    expect(stolen.status).toBe(400);
  });
});
