import { describe, expect, it } from 'vitest';
import { newProject, newUser } from '../activities/helpers';
import { call } from '../api';

/** GET /api/taxreport's edges: bad queries, the vatBasis setting, the CSV, and whose data counts. */

describe('the tax report', () => {
  it('answers a clear 400 naming the field for a bad year, period, basis or format', async () => {
    const user = await newUser();
    const bad: [Record<string, string>, string][] = [
      [{ period: 'q1' }, 'year'],
      [{ year: '26', period: 'q1' }, 'year'],
      [{ year: '1969', period: 'q1' }, 'year'],
      [{ year: '2026' }, 'period'],
      [{ year: '2026', period: 'q5' }, 'period'],
      [{ year: '2026', period: 'm13' }, 'period'],
      [{ year: '2026', period: 'year', basis: 'Ist' }, 'basis'],
      [{ year: '2026', period: 'year', format: 'xlsx' }, 'format'],
    ];
    for (const [query, param] of bad) {
      const res = await call('GET', '/api/taxreport', { token: user.token, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.errors[0].param).toBe(param);
    }
  });

  it('takes the basis from the vatBasis setting (cash until chosen), and counts only the caller’s entries', async () => {
    const user = await newUser();
    const other = await newUser();
    const projectId = await newProject(user, 'Mine');
    const theirs = await newProject(other, 'Theirs');
    const body = { amount: 100.1, vatAmount: 19.02, expense: true, category: 'software', date: '2026-02-03' };
    await call('POST', '/api/financeactivities', { token: user.token, body: { ...body, projectId } });
    await call('POST', '/api/financeactivities', {
      token: other.token,
      body: { ...body, projectId: theirs, amount: 5 },
    });
    const query = { year: '2026', period: 'q1' };
    const first = await call('GET', '/api/taxreport', { token: user.token, query });
    expect(first.body).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-31',
      basis: 'cash',
      inputVat: 19.02,
      vatDue: -19.02,
      expenses: 100.1,
      expensesByCategory: [{ category: 'software', net: 100.1 }],
      profit: -100.1,
    });
    const set = await call('POST', '/api/usersettings', { token: user.token, body: { vatBasis: 'accrual' } });
    expect(set.body.vatBasis).toBe('accrual');
    expect((await call('GET', '/api/taxreport', { token: user.token, query })).body.basis).toBe('accrual');
    const refused = await call('POST', '/api/usersettings', {
      token: user.token,
      body: { vatBasis: 'soll' },
    });
    expect(refused.status).toBe(400);
    expect((await call('GET', '/api/auth', { token: user.token })).body.vatBasis).toBe('accrual');
  });

  it('answers the same figures as a CSV file with format=csv', async () => {
    const user = await newUser();
    const projectId = await newProject(user, 'CSV');
    await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId, amount: 1234.56, vatAmount: 0, expense: false, date: '2026-05-31' },
    });
    const res = await call('GET', '/api/taxreport', {
      token: user.token,
      query: { year: '2026', period: 'm5', basis: 'cash', format: 'csv' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = String(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('From,To,Basis,Figure,Rate,Category,Net,VAT');
    expect(lines).toContain('2026-05-01,2026-05-31,cash,income,,,1234.56,');
    expect(lines).toContain('2026-05-01,2026-05-31,cash,profit,,,1234.56,');
    expect(lines).toContain('2026-05-01,2026-05-31,cash,vatDue,,,,0.00');
  });
});
