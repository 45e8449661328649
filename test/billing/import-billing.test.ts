import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../functions/domain/tracking/csv/csv';
import { newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'csv', 'fixtures', name), 'utf8');
const H = 3_600_000;

const importCsv = (user: TestUser, source: string, text: string) =>
  call('POST', `/api/import/${source}`, {
    token: user.token,
    rawBody: text,
    headers: { 'content-type': 'text/csv' },
  });

/** Every time entry with its project and client names. */
async function billed(user: TestUser) {
  const clients = (await call('GET', '/api/clients', { token: user.token })).body as {
    _id: string;
    name: string;
  }[];
  const projects = (await call('GET', '/api/projects', { token: user.token })).body as {
    _id: string;
    name: string;
    clientId: string | null;
  }[];
  const rows: { project: string; client: string | null; task: string; billable: boolean; tags: string[] }[] =
    [];
  for (const p of projects) {
    const list = await call('GET', `/api/timeactivities/${p._id}`, { token: user.token });
    for (const a of list.body) {
      rows.push({
        project: p.name,
        client: clients.find((c) => c._id === p.clientId)?.name ?? null,
        task: `${a.activity}/${a.description}`,
        billable: a.billable,
        tags: a.tags,
      });
    }
  }
  return rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('imports keep Client, Billable and Tags', () => {
  it('from Toggl Track: clients created and set on the new projects, billable Yes/No, tags', async () => {
    const user = await newUser();

    const res = await importCsv(user, 'toggl', fixture('toggl.csv'));

    expect(res.body).toMatchObject({
      clientsCreated: ['Acme Corp'],
      ignoredColumns: ['User', 'Email', 'Amount (EUR)'],
    });
    expect(await billed(user)).toEqual([
      { project: 'Internal', client: null, task: 'Admin/Notes\nacross two lines', billable: false, tags: [] },
      { project: 'Internal', client: null, task: 'Admin/Zero', billable: false, tags: [] },
      {
        project: 'Website Relaunch',
        client: 'Acme Corp',
        task: 'Design/Landing page, hero "v2"',
        billable: true,
        tags: ['client'],
      },
      { project: 'Website Relaunch', client: 'Acme Corp', task: 'Standup 🚀/', billable: false, tags: [] },
    ]);
  });

  it('from Clockify and Harvest, matching an existing client by name ignoring case', async () => {
    const user = await newUser();
    await call('POST', '/api/clients', { token: user.token, body: { name: 'GLOBEX' } });

    const clockify = await importCsv(user, 'clockify', fixture('clockify.csv'));
    const harvest = await importCsv(user, 'harvest', fixture('harvest.csv'));

    expect(clockify.body.clientsCreated).toEqual([]);
    expect(clockify.body.ignoredColumns).toEqual([
      'User',
      'Group',
      'Email',
      'Duration (decimal)',
      'Billable Rate (USD)',
      'Billable Amount (USD)',
    ]);
    expect(harvest.body.clientsCreated).toEqual(['Initech']);
    expect(harvest.body.ignoredColumns).toContain('Billable Rate');
    const rows = await billed(user);
    expect(rows.filter((r) => r.project === 'Mobile App').map((r) => [r.client, r.billable])).toEqual([
      ['GLOBEX', true],
      ['GLOBEX', false],
    ]);
    expect(rows.filter((r) => r.project === 'TPS Reports').map((r) => [r.client, r.billable])).toEqual([
      ['Initech', true],
      ['Initech', true],
      ['Initech', false],
    ]);
    expect((await call('GET', '/api/clients', { token: user.token })).body).toHaveLength(2);
  });

  it('refuses a row with a Billable that is not Yes or No, or a tag too long, by line', async () => {
    const user = await newUser();
    const text = [
      'Project,Description,Start date,Start time,End date,End time,Duration,Billable,Tags',
      'P,ok,2024-03-04,09:00:00,2024-03-04,10:00:00,01:00:00,yes,"a, b"',
      'P,bad,2024-03-04,11:00:00,2024-03-04,12:00:00,01:00:00,maybe,',
      `P,long,2024-03-04,13:00:00,2024-03-04,14:00:00,01:00:00,No,${'x'.repeat(51)}`,
    ].join('\n');

    const res = await importCsv(user, 'toggl', text);

    expect(res.body.imported).toBe(1);
    expect(res.body.errors.map((e: { line: number; code: string }) => [e.line, e.code])).toEqual([
      [3, 'ROW_BILLABLE'],
      [4, 'TAG_TOO_LONG'],
    ]);
  });
});

describe('timeledger-time round trip', () => {
  it('re-imports all twelve columns into a fresh account and exports the same file', async () => {
    const source = await newUser({ premium: true });
    const client = await call('POST', '/api/clients', {
      token: source.token,
      body: { name: 'Café 🍵 "Ltd", Köln' },
    });
    const p1 = await call('POST', '/api/projects', {
      token: source.token,
      body: { name: 'Site, "v2"', clientId: client.body._id },
    });
    const p2 = await call('POST', '/api/projects', {
      token: source.token,
      body: { name: '内部', billableByDefault: false },
    });
    const add = (body: Record<string, unknown>) =>
      call('POST', '/api/timeactivities', { token: source.token, body });
    await add({
      projectId: p1.body._id,
      date: '2026-03-02',
      startTime: '2026-03-02T09:00:00.000Z',
      endTime: '2026-03-02T10:30:45.000Z',
      activity: '=cmd',
      description: 'line one\nline two',
      tags: ['Review', '会議 🎌', '#1 %'],
    });
    await add({ projectId: p2.body._id, date: '2026-03-03', duration: 0.75 * H, activity: 'Admin' });
    await add({ projectId: p2.body._id, date: '2026-03-03', duration: 18_000, billable: true, tags: ['x'] });
    await add({ projectId: p1.body._id, date: '2026-03-04', duration: 2 * H, billable: false });
    const exported = await call('GET', '/api/export/timeactivities.csv', { token: source.token });

    const target = await newUser({ premium: true });
    const imported = await importCsv(target, 'timeledger-time', exported.body as string);
    const again = await call('GET', '/api/export/timeactivities.csv', { token: target.token });

    expect(imported.body).toMatchObject({ imported: 4, skipped: 0, errors: [], ignoredColumns: [] });
    expect(imported.body.clientsCreated).toEqual(['Café 🍵 "Ltd", Köln']);
    const rows = (text: string) =>
      readCsv(text)
        .records.map((r) => r.cells.join('\u0001'))
        .sort();
    expect(readCsv(again.body as string).header).toHaveLength(12);
    expect(rows(again.body as string)).toEqual(rows(exported.body as string));
    expect(await billed(target)).toEqual(await billed(source));
  });
});
