import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_CATEGORIES } from '../../contract/enums';
import { MAX_AMOUNT } from '../../contract/limits';
import { readCsv } from '../../functions/domain/tracking/csv/csv';
import { call } from '../api';
import { runs } from '../runs';
import { expectTotalsConsistent, newProject, newUser, partition, projectVia, type TestUser } from './helpers';

/**
 * VAT and category on income and expenses (CONTRACT §9): any amount of VAT to the cent and any
 * category round-trip through create, list, edit, the finance CSV and its import; a bad one is a
 * 400 naming the field with nothing stored; `amount` alone counts for the totals.
 */

/** Any amount to the cent, from 0 to the largest an entry may carry. */
const cents = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: MAX_AMOUNT * 100 }));
const category = fc.constantFrom(...EXPENSE_CATEGORIES);

const badVat = fc.oneof(
  fc.integer({ min: -MAX_AMOUNT, max: -1 }).map((c) => c / 100),
  fc
    .integer({ min: 1, max: 999_999 })
    .filter((n) => n % 10 !== 0)
    .map((n) => n / 1000),
  fc.integer({ min: MAX_AMOUNT + 1, max: MAX_AMOUNT * 10 }),
  fc.constantFrom('19.00', '', null, true, [], {}, 1e300, -0.001),
);
const badCategory = fc.oneof(
  fc.string({ maxLength: 20 }).filter((s) => !(EXPENSE_CATEGORIES as readonly string[]).includes(s)),
  fc.constantFrom('Software', ' software', 'travel ', 'Reisen', 7, [], {}),
);

let user: TestUser;
let projectId: string;

beforeAll(async () => {
  user = await newUser({ premium: true });
  projectId = await newProject(user, 'VAT');
});

async function listed(id: string) {
  const res = await call('GET', `/api/financeactivities/${projectId}`, { token: user.token });
  return (res.body as Record<string, unknown>[]).find((a) => a._id === id);
}

describe('VAT and category on income and expenses', () => {
  it('stores any VAT to the cent and any category, lists them, edits them, and leaves the totals to the amount', async () => {
    await fc.assert(
      fc.asyncProperty(
        cents,
        cents,
        category,
        cents,
        category,
        async (amountCents, vatCents, first, newVatCents, second) => {
          const before = await projectVia(user, projectId);
          const body = {
            projectId,
            amount: amountCents / 100,
            vatAmount: vatCents / 100,
            expense: true,
            category: first,
          };
          const created = await call('POST', '/api/financeactivities', { token: user.token, body });
          expect(created.status).toBe(201);
          expect(created.body).toMatchObject({ vatAmount: vatCents / 100, category: first });
          expect(await listed(created.body._id)).toMatchObject({
            vatAmount: vatCents / 100,
            category: first,
          });
          const after = await projectVia(user, projectId);
          expect(
            Math.round((after?.totalExpenses ?? 0) * 100) - Math.round((before?.totalExpenses ?? 0) * 100),
          ).toBe(amountCents);

          const edited = await call('PUT', `/api/financeActivities/${created.body._id}`, {
            token: user.token,
            body: { vatAmount: newVatCents / 100, category: second },
          });
          expect(edited.status).toBe(200);
          expect(edited.body).toMatchObject({
            amount: amountCents / 100,
            vatAmount: newVatCents / 100,
            category: second,
          });
          expect(await listed(created.body._id)).toMatchObject({
            vatAmount: newVatCents / 100,
            category: second,
          });
        },
      ),
      { numRuns: runs(20, 6) },
    );
    await expectTotalsConsistent(user.userId);
  }, 120_000);

  it('refuses a bad VAT or category on create and edit with a 400 naming it, storing nothing', async () => {
    const existing = await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId, amount: 10, vatAmount: 1.9, expense: true, category: 'rent' },
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          badVat.map((v) => ({ field: 'vatAmount', patch: { vatAmount: v } })),
          badCategory.map((c) => ({ field: 'category', patch: { category: c } })),
        ),
        async ({ field, patch }) => {
          const stored = await partition(user.userId);
          const create = await call('POST', '/api/financeactivities', {
            token: user.token,
            body: { projectId, amount: 5, expense: true, ...patch },
          });
          expect(create.status).toBe(400);
          expect(create.body.errors[0]).toMatchObject({ param: field });
          expect(create.body.errors[0].msg).toMatch(
            field === 'vatAmount' ? /VAT/ : /Category must be one of software, /,
          );
          const edit = await call('PUT', `/api/financeActivities/${existing.body._id}`, {
            token: user.token,
            body: patch,
          });
          expect(edit.status).toBe(400);
          expect(edit.body.errors[0]).toMatchObject({ param: field });
          expect(await partition(user.userId)).toEqual(stored);
        },
      ),
      { numRuns: runs(40, 10) },
    );
  }, 120_000);

  it('gives an expense the category other by default and an income none, whatever it is sent', async () => {
    const expense = await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId, amount: 3, expense: true },
    });
    const income = await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId, amount: 3, category: 'travel' },
    });
    expect(expense.body).toMatchObject({ category: 'other', vatAmount: 0 });
    expect(income.body).toMatchObject({ category: null, vatAmount: 0 });

    const turned = await call('PUT', `/api/financeActivities/${income.body._id}`, {
      token: user.token,
      body: { expense: true },
    });
    expect(turned.body).toMatchObject({ expense: true, category: 'other' });
    const back = await call('PUT', `/api/financeActivities/${turned.body._id}`, {
      token: user.token,
      body: { expense: false, category: 'fees' },
    });
    expect(back.body).toMatchObject({ expense: false, category: null });
  });

  it('writes Category and VAT after the finance CSV’s columns and imports them back exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ amountCents: cents, vatCents: cents, category, expense: fc.boolean() }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (rows) => {
          const source = await newUser({ premium: true });
          const p = await newProject(source, 'Books');
          for (const [i, r] of rows.entries()) {
            const res = await call('POST', '/api/financeactivities', {
              token: source.token,
              body: {
                projectId: p,
                activity: `Row ${i}`,
                amount: r.amountCents / 100,
                vatAmount: r.vatCents / 100,
                expense: r.expense,
                category: r.category,
              },
            });
            expect(res.status).toBe(201);
          }
          const csv = await call('GET', '/api/export/financeactivities.csv', { token: source.token });
          expect(readCsv(csv.body as string).header.slice(-2)).toEqual(['Category', 'VAT']);

          const target = await newUser({ premium: true });
          const imported = await call('POST', '/api/import/timeledger-finance', {
            token: target.token,
            rawBody: csv.body as string,
            headers: { 'content-type': 'text/csv' },
          });
          expect(imported.body).toMatchObject({ imported: rows.length, errors: [] });
          const [project] = (await call('GET', '/api/projects', { token: target.token })).body;
          const back = (await call('GET', `/api/financeactivities/${project._id}`, { token: target.token }))
            .body;
          const shape = (a: Record<string, unknown>) => [
            a.activity,
            a.amount,
            a.vatAmount,
            a.expense,
            a.category,
          ];
          const expected = rows.map((r, i) => [
            `Row ${i}`,
            r.amountCents / 100,
            r.vatCents / 100,
            r.expense,
            r.expense ? r.category : null,
          ]);
          expect(back.map(shape).sort()).toEqual(expected.sort());
        },
      ),
      { numRuns: runs(8, 3) },
    );
  }, 180_000);

  it('refuses an imported row with an unknown category or a bad VAT, naming its line, and imports the rest', async () => {
    const target = await newUser();
    const csv = [
      'Project,Date,Type,Amount,Task,Sub-task,Notes,Category,VAT',
      'Books,2026-03-01,expense,10.00,Ok,,,TRAVEL,1.90',
      'Books,2026-03-02,expense,10.00,Bad category,,,Reisen,0.00',
      'Books,2026-03-03,expense,10.00,Bad VAT,,,office,1.999',
      'Books,2026-03-04,income,10.00,No VAT column value,,,,',
    ].join('\r\n');
    const res = await call('POST', '/api/import/timeledger-finance', {
      token: target.token,
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.body).toMatchObject({
      imported: 2,
      errors: [
        { line: 3, code: 'ROW_CATEGORY' },
        { line: 4, code: 'ROW_VAT' },
      ],
    });
    const [project] = (await call('GET', '/api/projects', { token: target.token })).body;
    const back = (await call('GET', `/api/financeactivities/${project._id}`, { token: target.token })).body;
    expect(back.map((a: Record<string, unknown>) => [a.activity, a.category, a.vatAmount]).sort()).toEqual([
      ['No VAT column value', null, 0],
      ['Ok', 'travel', 1.9],
    ]);
  });
});
