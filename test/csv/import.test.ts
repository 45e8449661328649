import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getCounters } from '../../functions/data/core/counters';
import { config } from '../../functions/lib/config';
import { expectTotalsConsistent, newProject, newUser, partition, type TestUser } from '../activities/helpers';
import { call } from '../api';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const H = 3_600_000;
const M = 60_000;

async function importCsv(user: TestUser, source: string, text: string, query: Record<string, string> = {}) {
  return call('POST', `/api/import/${source}`, {
    token: user.token,
    rawBody: text,
    headers: { 'content-type': 'text/csv' },
    query,
  });
}

interface Entry {
  project: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  duration: number;
  activity: string;
  description: string;
}

/** Every time entry of the user with its project's name, sorted; and the projects by name. */
async function state(user: TestUser) {
  const projects = (await call('GET', '/api/projects', { token: user.token })).body as Record<string, any>[];
  const entries: Entry[] = [];
  for (const p of projects) {
    const list = await call('GET', `/api/timeactivities/${p._id}`, { token: user.token });
    for (const a of list.body as Record<string, any>[]) {
      entries.push({
        project: p.name,
        date: a.date,
        startTime: a.startTime,
        endTime: a.endTime,
        duration: a.duration,
        activity: a.activity,
        description: a.description,
      });
    }
  }
  entries.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const tasks = (await call('GET', '/api/projecttasklist', { token: user.token })).body as {
    projectId: string;
    tasks: { activity: string; descriptions: string[] }[];
  }[];
  const byName = Object.fromEntries(
    projects.map((p) => [
      p.name,
      {
        totalHours: p.totalHours,
        totalIncome: p.totalIncome,
        totalExpenses: p.totalExpenses,
        tasks: tasks.find((t) => t.projectId === p._id)?.tasks ?? [],
      },
    ]),
  );
  return { entries, projects: byName };
}

/** A second import of the same file adds nothing: every row skipped, not one item changed. */
async function expectReimportChangesNothing(
  user: TestUser,
  source: string,
  text: string,
  rows: number,
  query = {},
) {
  const before = await partition(user.userId);
  const again = await importCsv(user, source, text, query);
  expect(again.status).toBe(200);
  expect(again.body.imported).toBe(0);
  expect(again.body.skipped).toBe(rows);
  expect(again.body.projectsCreated).toEqual([]);
  expect(await partition(user.userId)).toEqual(before);
}

describe('POST /api/import/toggl', () => {
  it('imports a Toggl Track detailed report: BOM, quotes, commas, newlines, emoji, empty Task, zero length, a bad date', async () => {
    const user = await newUser();
    const text = fixture('toggl.csv');
    const res = await importCsv(user, 'toggl', text);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 4,
      skipped: 0,
      projectsCreated: ['Website Relaunch', 'Internal'],
      clientsCreated: ['Acme Corp'],
      ignoredColumns: ['User', 'Email', 'Amount (EUR)'],
      errors: [
        {
          line: 6,
          msg: 'Invalid date "2024-02-30"',
          code: 'ROW_INVALID_DAY',
          values: { value: '2024-02-30' },
        },
      ],
    });
    const { entries, projects } = await state(user);
    expect(entries).toEqual(
      [
        {
          project: 'Internal',
          date: '2024-03-05T00:00:00.000Z',
          startTime: '2024-03-05T23:30:00.000Z',
          endTime: '2024-03-06T00:45:00.000Z',
          duration: 75 * M,
          activity: 'Admin',
          description: 'Notes\nacross two lines',
        },
        {
          project: 'Internal',
          date: '2024-03-06T00:00:00.000Z',
          startTime: '2024-03-06T08:00:00.000Z',
          endTime: '2024-03-06T08:00:00.000Z',
          duration: 0,
          activity: 'Admin',
          description: 'Zero',
        },
        {
          project: 'Website Relaunch',
          date: '2024-03-04T00:00:00.000Z',
          startTime: '2024-03-04T09:00:00.000Z',
          endTime: '2024-03-04T10:30:00.000Z',
          duration: 90 * M,
          activity: 'Design',
          description: 'Landing page, hero "v2"',
        },
        {
          project: 'Website Relaunch',
          date: '2024-03-04T00:00:00.000Z',
          startTime: '2024-03-04T11:00:00.000Z',
          endTime: '2024-03-04T11:15:00.000Z',
          duration: 15 * M,
          activity: 'Standup 🚀',
          description: '',
        },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    expect(projects['Website Relaunch']).toEqual({
      totalHours: 105 * M,
      totalIncome: 0,
      totalExpenses: 0,
      tasks: [
        { activity: 'Design', descriptions: ['Landing page, hero "v2"'] },
        { activity: 'Standup 🚀', descriptions: [] },
      ],
    });
    expect(projects.Internal?.totalHours).toBe(75 * M);
    expect(projects.Internal?.tasks).toEqual([
      { activity: 'Admin', descriptions: ['Notes\nacross two lines', 'Zero'] },
    ]);
    await expectTotalsConsistent(user.userId);
    await expectReimportChangesNothing(user, 'toggl', text, 4);
  });

  it('reads wall-clock times in the time zone given and matches projects by name, ignoring case', async () => {
    const user = await newUser();
    await newProject(user, 'WEBSITE RELAUNCH');
    const res = await importCsv(user, 'toggl', fixture('toggl.csv'), { tz: 'Europe/Berlin' });
    expect(res.body.projectsCreated).toEqual(['Internal']);
    const { entries, projects } = await state(user);
    expect(entries.find((e) => e.activity === 'Design')?.startTime).toBe('2024-03-04T08:00:00.000Z');
    expect(projects['WEBSITE RELAUNCH']?.totalHours).toBe(105 * M);
  });

  it('answers 400 naming the expected columns for a file of another tool, and stores nothing', async () => {
    const user = await newUser();
    const res = await importCsv(user, 'clockify', fixture('toggl.csv'));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({
      msg: 'This is not a Clockify Detailed report CSV. Expected the columns: Project, Description, Task, Start Date, Start Time, End Date, End Time, Duration (h)',
      code: 'UNKNOWN_CSV_HEADER',
      param: 'file',
      values: {
        source: 'Clockify Detailed report CSV',
        columns: 'Project, Description, Task, Start Date, Start Time, End Date, End Time, Duration (h)',
      },
    });
    expect(await partition(user.userId)).toEqual([]);
  });

  it.each([
    [
      'toggl',
      'Toggl Track Detailed report CSV',
      'Project, Description, Start date, Start time, End date, End time, Duration',
    ],
    ['harvest', 'Harvest Detailed time report CSV', 'Date, Project, Task, Notes, Hours'],
    [
      'timeledger-time',
      'Timeledger time CSV export',
      'Project, Date, Start, End, Duration, Task, Sub-task, Notes',
    ],
    [
      'timeledger-finance',
      'Timeledger income and expenses CSV export',
      'Project, Date, Type, Amount, Task, Sub-task, Notes',
    ],
  ])(
    'answers 400 naming the columns of %s for a file with an unknown header, and stores nothing',
    async (source, title, columns) => {
      const user = await newUser();
      const res = await importCsv(user, source, 'Projekt,Datum,Stunden\r\nWebsite,2024-03-04,1.5\r\n');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        {
          msg: `This is not a ${title}. Expected the columns: ${columns}`,
          code: 'UNKNOWN_CSV_HEADER',
          param: 'file',
          values: { source: title, columns },
        },
      ]);
      expect(await partition(user.userId)).toEqual([]);
    },
  );

  it('refuses what is not a CSV upload with a clear 400, an unknown source with 404', async () => {
    const user = await newUser();
    const json = await call('POST', '/api/import/toggl', { token: user.token, body: { rows: [] } });
    expect(json.status).toBe(400);
    expect(json.body.errors[0].code).toBe('CSV_EXPECTED');
    const empty = await importCsv(user, 'toggl', '');
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].msg).toBe('The file is empty');
    const unknown = await importCsv(user, 'excel', fixture('toggl.csv'));
    expect(unknown.status).toBe(404);
    const badTz = await importCsv(user, 'toggl', fixture('toggl.csv'), { tz: 'Nowhere/Else' });
    expect(badTz.status).toBe(400);
    const tooBig = await importCsv(user, 'toggl', `${'x'.repeat(5 * 1024 * 1024)}\n`);
    expect(tooBig.status).toBe(413);
    expect(await partition(user.userId)).toEqual([]);
  });

  it('previews the first rows and the projects to create without writing anything', async () => {
    const user = await newUser();
    const res = await importCsv(user, 'toggl', fixture('toggl.csv'), { dryrun: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.rows).toBe(4);
    expect(res.body.projectsToCreate).toEqual(['Website Relaunch', 'Internal']);
    expect(res.body.preview[0]).toMatchObject({
      line: 2,
      project: 'Website Relaunch',
      task: 'Design',
      duration: 90 * M,
    });
    expect(res.body.errors).toEqual([
      { line: 6, msg: 'Invalid date "2024-02-30"', code: 'ROW_INVALID_DAY', values: { value: '2024-02-30' } },
    ]);
    expect(await partition(user.userId)).toEqual([]);
  });
});

describe('POST /api/import/clockify', () => {
  it('reads MM/DD/YYYY dates and 12-hour times, across midnight and in Japanese', async () => {
    const user = await newUser();
    const text = fixture('clockify.csv');
    const res = await importCsv(user, 'clockify', text);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(3);
    expect(res.body.projectsCreated).toEqual(['Mobile App', '日本語プロジェクト']);
    expect(res.body.errors).toEqual([
      {
        line: 5,
        msg: 'Start Time must be a time like 13:05:00 or 1:05:00 PM, not "13:00:00 PM"',
        code: 'ROW_TIME',
        values: { column: 'Start Time', value: '13:00:00 PM' },
      },
      { line: 6, msg: 'Invalid date "2024-02-30"', code: 'ROW_INVALID_DAY', values: { value: '2024-02-30' } },
    ]);
    const { entries, projects } = await state(user);
    expect(
      entries.map((e) => [e.project, e.date, e.startTime, e.endTime, e.duration, e.activity, e.description]),
    ).toEqual(
      [
        [
          'Mobile App',
          '2024-03-15T00:00:00.000Z',
          '2024-03-15T09:05:00.000Z',
          '2024-03-15T12:35:30.000Z',
          3 * H + 30 * M + 30_000,
          'Bugs',
          'Fix login, again',
        ],
        [
          'Mobile App',
          '2024-03-15T00:00:00.000Z',
          '2024-03-15T12:00:00.000Z',
          '2024-03-15T12:45:00.000Z',
          45 * M,
          'Release notes',
          '',
        ],
        [
          '日本語プロジェクト',
          '2024-03-16T00:00:00.000Z',
          '2024-03-16T23:50:00.000Z',
          '2024-03-17T00:20:00.000Z',
          30 * M,
          '翻訳',
          '翻訳レビュー',
        ],
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    expect(projects).toEqual({
      'Mobile App': {
        totalHours: 4 * H + 15 * M + 30_000,
        totalIncome: 0,
        totalExpenses: 0,
        tasks: [
          { activity: 'Bugs', descriptions: ['Fix login, again'] },
          { activity: 'Release notes', descriptions: [] },
        ],
      },
      日本語プロジェクト: {
        totalHours: 30 * M,
        totalIncome: 0,
        totalExpenses: 0,
        tasks: [{ activity: '翻訳', descriptions: ['翻訳レビュー'] }],
      },
    });
    await expectTotalsConsistent(user.userId);
    await expectReimportChangesNothing(user, 'clockify', text, 3);
  });
});

describe('POST /api/import/harvest', () => {
  it('reads decimal hours, also with a decimal comma, and ignores the Euro - EUR currency column', async () => {
    const user = await newUser();
    const text = fixture('harvest.csv');
    const res = await importCsv(user, 'harvest', text);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(3);
    expect(res.body.projectsCreated).toEqual(['TPS Reports']);
    expect(res.body.errors).toEqual([
      {
        line: 5,
        msg: 'Hours must be a number of hours like 1.5 or 0,25, not "abc"',
        code: 'ROW_HOURS',
        values: { column: 'Hours', value: 'abc' },
      },
      { line: 6, msg: 'Invalid date "2024-02-30"', code: 'ROW_INVALID_DAY', values: { value: '2024-02-30' } },
    ]);
    const { entries, projects } = await state(user);
    expect(
      entries.map((e) => [e.date, e.startTime, e.endTime, e.duration, e.activity, e.description]),
    ).toEqual(
      [
        ['2024-04-02T00:00:00.000Z', null, null, 1.5 * H, 'Consulting', 'Cover sheets, "new" format'],
        ['2024-04-02T00:00:00.000Z', null, null, 36_000, 'Consulting', 'Quick call'],
        ['2024-04-03T00:00:00.000Z', null, null, 0, 'Meetings', ''],
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    expect(projects['TPS Reports']?.totalHours).toBe(1.5 * H + 36_000);
    expect(projects['TPS Reports']?.tasks).toEqual([
      { activity: 'Consulting', descriptions: ['Cover sheets, "new" format', 'Quick call'] },
      { activity: 'Meetings', descriptions: [] },
    ]);
    await expectTotalsConsistent(user.userId);
    await expectReimportChangesNothing(user, 'harvest', text, 3);
  });

  it('imports the overlap of two exports once', async () => {
    const user = await newUser();
    const lines = fixture('harvest.csv').trimEnd().split('\n');
    const [header = '', a = '', b = '', c = ''] = lines;
    const first = await importCsv(user, 'harvest', [header, a, b].join('\n'));
    expect(first.body.imported).toBe(2);
    const second = await importCsv(user, 'harvest', [header, b, c].join('\n'));
    expect(second.body).toMatchObject({ imported: 1, skipped: 1 });
    expect((await state(user)).entries).toHaveLength(3);
  });
});

describe('free accounts', () => {
  it('importing 200 rows gets exactly the free limit of entries and the limit’s message for the rest', async () => {
    const user = await newUser();
    const rows = Array.from(
      { length: 200 },
      (_, i) =>
        `Limits,2024-01-${String((i % 28) + 1).padStart(2, '0')},,,00:${String(i % 60).padStart(2, '0')}:00,Task ${i},,`,
    );
    const text = ['Project,Date,Start,End,Duration,Task,Sub-task,Notes', ...rows].join('\r\n');
    const res = await importCsv(user, 'timeledger-time', text);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(config.freeItemLimit);
    expect(res.body.errors).toHaveLength(200 - config.freeItemLimit);
    expect(res.body.errors[0]).toEqual({
      line: config.freeItemLimit + 2,
      msg: `Please upgrade to premium to add more than ${config.freeItemLimit} items`,
      code: 'FREE_ITEM_LIMIT',
      values: { limit: config.freeItemLimit },
    });
    expect((await getCounters(user.userId)).activityCount).toBe(config.freeItemLimit);
    await expectTotalsConsistent(user.userId);
    const again = await importCsv(user, 'timeledger-time', text);
    expect(again.body).toMatchObject({ imported: 0, skipped: config.freeItemLimit });
    expect(again.body.errors).toHaveLength(200 - config.freeItemLimit);
  });

  it('rows of a project past the free project limit are refused with its message', async () => {
    const user = await newUser();
    for (const name of ['One', 'Two', 'Three']) await newProject(user, name);
    const res = await importCsv(user, 'harvest', fixture('harvest.csv'));
    expect(res.body.imported).toBe(0);
    expect(res.body.projectsCreated).toEqual([]);
    expect(res.body.errors).toContainEqual({
      line: 2,
      msg: 'Please upgrade to premium to add more than 3 projects',
      code: 'FREE_PROJECT_LIMIT',
      values: { limit: 3 },
    });
  });
});
