import { describe, expect, it } from 'vitest';
import { readCsv } from '../../functions/domain/tracking/csv/csv';
import { expectTotalsConsistent, newProject, newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';

async function exportCsv(user: TestUser, path: string, query: Record<string, string> = {}) {
  let text = '';
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const res = await call('GET', path, {
      token: user.token,
      query: { ...query, ...(cursor ? { cursor } : {}) },
    });
    expect(res.status).toBe(200);
    text += res.body as string;
    cursor = res.headers['x-next-cursor'];
    if (!cursor) break;
  }
  return text;
}

/** Everything a person sees of their entries, without ids: sorted time and money rows and totals. */
async function snapshot(user: TestUser) {
  const projects = (await call('GET', '/api/projects', { token: user.token })).body as Record<string, any>[];
  const time: unknown[] = [];
  const money: unknown[] = [];
  for (const p of projects) {
    for (const a of (await call('GET', `/api/timeactivities/${p._id}`, { token: user.token })).body) {
      time.push([p.name, a.date, a.startTime, a.endTime, a.duration, a.activity, a.description]);
    }
    for (const a of (await call('GET', `/api/financeactivities/${p._id}`, { token: user.token })).body) {
      money.push([
        p.name,
        a.date,
        a.amount,
        a.expense,
        a.activity,
        a.description,
        a.notes,
        a.vatAmount,
        a.category,
      ]);
    }
  }
  const order = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  return {
    time: time.sort(order),
    money: money.sort(order),
    totals: projects.map((p) => [p.name, p.totalHours, p.totalIncome, p.totalExpenses]).sort(order),
  };
}

describe('CSV round trip', () => {
  it.each([
    { format: 'csv', numberFormat: 'en-US', delimiter: ',' },
    { format: 'excel', numberFormat: 'de-DE', delimiter: ';' },
  ])(
    'exporting both CSVs ($format, $numberFormat) and importing them into a fresh account gives the same entries and totals',
    async ({ format, numberFormat, delimiter }) => {
      const source = await newUser({ premium: true });
      const settings = await call('POST', '/api/usersettings', {
        token: source.token,
        body: { numberFormat },
      });
      expect(settings.status).toBe(200);
      const tz = 'America/New_York';
      const a = await newProject(source, 'Zoë’s Café — 東京 🎌');
      const b = await newProject(source, '=cmd|" /C calc"!A0, "quoted"');
      const time = [
        {
          projectId: a,
          activity: 'Entwurf, Phase 1',
          description: 'Zeile 1\nZeile 2 "zitiert"',
          date: '2026-01-05',
          startTime: '2026-01-05T14:00:00.000Z',
          endTime: '2026-01-05T16:45:00.000Z',
        },
        { projectId: a, activity: '-minus', description: '+plus', date: '2026-01-06', duration: 3_723_000 },
        { projectId: a, activity: "'apostrophe", description: '@at', date: '2026-01-06', duration: 0 },
        {
          projectId: b,
          activity: '100 % done #1',
          description: '',
          date: '2026-02-28',
          startTime: '2026-03-01T04:30:00.000Z',
          endTime: '2026-03-01T05:00:00.000Z',
        },
        { projectId: b, activity: '', description: '', date: '2025-12-31', duration: 59_000 },
      ];
      for (const body of time) {
        expect((await call('POST', '/api/timeactivities', { token: source.token, body })).status).toBe(201);
      }
      const money = [
        {
          projectId: a,
          activity: 'Rechnung',
          description: 'Jan',
          date: '2026-01-31',
          amount: 1234.5,
          vatAmount: 234.56,
          notes: 'Bezahlt, danke!\n— 🙏',
        },
        {
          projectId: a,
          activity: 'Fonts',
          date: '2026-01-02',
          amount: 0.07,
          expense: true,
          category: 'software',
        },
        {
          projectId: a,
          activity: 'Train',
          date: '2026-01-03',
          amount: 80,
          vatAmount: 5.6,
          expense: true,
          category: 'travel',
        },
        {
          projectId: b,
          activity: 'Hosting',
          date: '2026-02-01',
          amount: 99_999_999.99,
          expense: true,
          notes: '=1+1',
        },
        { projectId: b, date: '2026-02-02', amount: 0.1 },
        { projectId: b, date: '2026-02-03', amount: 0.2 },
        { projectId: b, activity: 'Free', date: '2026-02-04', amount: 0 },
      ];
      for (const body of money) {
        expect((await call('POST', '/api/financeactivities', { token: source.token, body })).status).toBe(
          201,
        );
      }

      const timeCsv = await exportCsv(source, '/api/export/timeactivities.csv', { tz, format });
      const moneyCsv = await exportCsv(source, '/api/export/financeactivities.csv', { format });
      expect(readCsv(timeCsv).records).toHaveLength(time.length);
      expect(timeCsv.startsWith(`\uFEFFProject${delimiter}Date${delimiter}`)).toBe(true);
      expect(moneyCsv.startsWith(`\uFEFFProject${delimiter}Date${delimiter}`)).toBe(true);

      const target = await newUser({ premium: true });
      const post = (s: string, text: string) =>
        call('POST', `/api/import/${s}`, {
          token: target.token,
          rawBody: text,
          headers: { 'content-type': 'text/csv' },
          query: { tz },
        });
      const importedTime = await post('timeledger-time', timeCsv);
      expect(importedTime.body).toMatchObject({ imported: time.length, skipped: 0, errors: [] });
      const importedMoney = await post('timeledger-finance', moneyCsv);
      expect(importedMoney.body).toMatchObject({ imported: money.length, skipped: 0, errors: [] });

      expect(await snapshot(target)).toEqual(await snapshot(source));
      await expectTotalsConsistent(target.userId);
      // And again: nothing new.
      expect((await post('timeledger-time', timeCsv)).body).toMatchObject({
        imported: 0,
        skipped: time.length,
      });
    },
  );
});
