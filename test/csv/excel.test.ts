import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getUserById } from '../../functions/data/identity/users';
import { readCsv } from '../../functions/domain/tracking/csv/csv';
import { exportCsvPage, formatHours, runningHours } from '../../functions/domain/tracking/csv/export';
import { newProject, newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';

const BOM = '\uFEFF';

async function setNumberFormat(user: TestUser, numberFormat: string) {
  const res = await call('POST', '/api/usersettings', { token: user.token, body: { numberFormat } });
  expect(res.status).toBe(200);
}

async function csv(user: TestUser, path: string, query: Record<string, string>) {
  const res = await call('GET', `/api/export/${path}`, { token: user.token, query });
  expect(res.status).toBe(200);
  expect(res.headers['x-next-cursor']).toBeUndefined();
  return res.body as string;
}

/** Hundredths of an hour of a cell written with either decimal mark. */
const hundredths = (cell: string) => Math.round(Number(cell.replace(',', '.')) * 100);

/** `count` entries of 40 minutes (sixty: 40:00 on screen, 0.67 h each when rounded one by one: 40.20 h). */
async function fortyMinuteEntries(user: TestUser, count: number) {
  const projectId = await newProject(user, 'Redesign');
  for (let i = 0; i < count; i++) {
    const body = { projectId, activity: `Task ${i}`, date: '2026-01-05', duration: 40 * 60_000 };
    expect((await call('POST', '/api/timeactivities', { token: user.token, body })).status).toBe(201);
  }
  return projectId;
}

describe('CSV exports for Excel', () => {
  it('use semicolons and decimal commas for a German number format, so German Excel opens them in columns', async () => {
    const user = await newUser();
    await setNumberFormat(user, 'de-DE');
    const projectId = await newProject(user, 'Büro; "Müller"');
    const body = { projectId, activity: 'Beratung', date: '2026-01-27', amount: 59.9, vatAmount: 11.38 };
    expect((await call('POST', '/api/financeactivities', { token: user.token, body })).status).toBe(201);
    const entry = { projectId, activity: 'Entwurf', date: '2026-01-27', duration: 5_400_000 };
    expect((await call('POST', '/api/timeactivities', { token: user.token, body: entry })).status).toBe(201);

    const money = await csv(user, 'financeactivities.csv', { format: 'excel' });
    expect(money).toBe(
      `${BOM}Project;Date;Type;Amount;Task;Sub-task;Notes;Category;VAT\r\n` +
        `"Büro; ""Müller""";2026-01-27;income;59,90;Beratung;;;;11,38\r\n`,
    );
    const time = await csv(user, 'timeactivities.csv', { format: 'excel' });
    expect(time.split('\r\n')[1]).toBe('"Büro; ""Müller""";2026-01-27;;;01:30:00;Entwurf;;;;yes;;1,50');

    // The standard CSV stays what every program reads, whatever the number format.
    const plain = await csv(user, 'financeactivities.csv', { format: 'csv' });
    expect(plain.split('\r\n')[1]).toBe('"Büro; ""Müller""",2026-01-27,income,59.90,Beratung,,,,11.38');
    expect(await csv(user, 'financeactivities.csv', {})).toBe(plain);
  });

  it('stay commas and dots for a number format that writes a decimal point', async () => {
    const user = await newUser();
    await setNumberFormat(user, 'en-GB');
    const projectId = await newProject(user, 'Web');
    const body = { projectId, activity: 'Fee', date: '2026-01-27', amount: 1234.5 };
    expect((await call('POST', '/api/financeactivities', { token: user.token, body })).status).toBe(201);
    const excel = await csv(user, 'financeactivities.csv', { format: 'excel' });
    expect(excel).toBe(await csv(user, 'financeactivities.csv', { format: 'csv' }));
    expect(excel.split('\r\n')[1]).toBe('Web,2026-01-27,income,1234.50,Fee,,,,0.00');
  });

  it('refuses a format it does not know, naming the two it does', async () => {
    const user = await newUser();
    const res = await call('GET', '/api/export/timeactivities.csv', {
      token: user.token,
      query: { format: 'xlsx' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'NOT_ONE_OF', msg: 'format must be one of csv, excel' });
  });

  it('write Hours that add up to the time on screen: sixty 40-minute entries make 40.00 h, not 40.20', async () => {
    const user = await newUser();
    await setNumberFormat(user, 'de-DE');
    await fortyMinuteEntries(user, 60);
    for (const format of ['csv', 'excel']) {
      const { records } = readCsv(await csv(user, 'timeactivities.csv', { format }));
      expect(records).toHaveLength(60);
      const cells = records.map((r) => r.cells[11] ?? '');
      expect(cells.reduce((sum, cell) => sum + hundredths(cell), 0)).toBe(4000);
      // Each entry stays within a hundredth of its own 0.67 h.
      for (const cell of cells) expect([66, 67]).toContain(hundredths(cell));
    }
  }, 60_000);

  it('write the same file in one page or in a page per entry (the running total travels in the cursor)', async () => {
    const user = await newUser();
    await setNumberFormat(user, 'de-DE');
    await fortyMinuteEntries(user, 12);
    const whole = await csv(user, 'timeactivities.csv', { format: 'excel' });
    const record = await getUserById(user.userId);
    if (!record) throw new Error('user not found');
    let text = '';
    let cursor: string | undefined;
    let pages = 0;
    do {
      // A page whose reading time is already over holds exactly one entry.
      const page = await exportCsvPage(
        record,
        'time',
        { format: 'excel', ...(cursor ? { cursor } : {}) },
        { remainingMs: 60_000, now: Date.now() - 10_000 },
      );
      text += page.text;
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 200);
    expect(pages).toBeGreaterThanOrEqual(12);
    expect(readCsv(text).records.map((r) => r.cells[11])).toContain('0,66');
    expect(text).toBe(whole);
  }, 60_000);
});

describe('runningHours', () => {
  it('adds up to the whole time rounded once, each cell within 0.01 h of its entry', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 * 3_600_000 }), { maxLength: 200 }), (durations) => {
        let before = 0;
        let sum = 0;
        for (const ms of durations) {
          const cell = hundredths(runningHours(before, ms));
          expect(Math.abs(cell - hundredths(formatHours(ms)))).toBeLessThanOrEqual(1);
          sum += cell;
          before += ms;
        }
        expect(sum).toBe(hundredths(formatHours(before)));
      }),
    );
  });
});
