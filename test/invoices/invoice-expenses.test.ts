import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newUser } from '../activities/helpers';
import { call } from '../api';
import { clientWithExpenses, draft, expense, march, seededExpenses } from './expenses';
import { clientProject, createInvoice, entry, newClient } from './helpers';

/**
 * CONTRACT §9 "Drafts people can shape": `POST /api/invoices` with `includeExpenses` re-bills the
 * client's expenses in the period at cost, one line each, and they belong to the invoice as its
 * entries do — on DynamoDB Local. (Void, paid, the lock and a crash: invoice-expenses-lifecycle.test.ts.)
 */

const SLOW = 60_000;

const cents = (amount: number) => Math.round(amount * 100);
const sumCents = (lines: { amount: number }[]) => lines.reduce((s, l) => s + cents(l.amount), 0);

describe('a draft with includeExpenses', { timeout: SLOW }, () => {
  it('bills each of the client’s expenses in the period at cost, one line each in date order, totals exact to the cent', async () => {
    const user = await newUser({ premium: true });
    const { clientId, web, hotel, stamp } = await clientWithExpenses(user);
    // Never billed: outside the period, income, another client's project, a project of no client.
    await expense(user, web, '2026-02-28', 11);
    await expense(user, web, '2026-04-01', 12);
    await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId: web, date: '2026-03-10', amount: 500, expense: false, activity: 'Advance' },
    });
    const other = await clientProject(user, await newClient(user, 'Other client'), 'Other', 50);
    await expense(user, other, '2026-03-10', 13);
    await expense(user, await clientProject(user, null, 'Own', null), '2026-03-10', 14);

    const res = await createInvoice(user, march(clientId));

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.lines).toEqual([
      {
        projectId: web,
        description: 'Hotel 🏨 – Köln, 2 Nächte',
        quantity: 1,
        unit: 'C62',
        price: 123.45,
        amount: 123.45,
        hours: 1,
        rate: 123.45,
      },
      {
        projectId: web,
        description: 'Website',
        quantity: 1.5,
        unit: 'HUR',
        price: 80,
        amount: 120,
        hours: 1.5,
        rate: 80,
      },
      {
        projectId: web,
        description: 'Postage',
        quantity: 1,
        unit: 'C62',
        price: 0.07,
        amount: 0.07,
        hours: 1,
        rate: 0.07,
      },
    ]);
    // 243.52 × 19 % = 46.2688 → 46.27.
    expect(res.body).toMatchObject({ subtotal: 243.52, tax: 46.27, total: 289.79, entryCount: 1 });
    expect([...res.body.expenseIds].sort()).toEqual([hotel, stamp].sort());
    expect((await call('GET', `/api/invoices/${res.body._id}`, { token: user.token })).body).toMatchObject({
      lines: res.body.lines,
      expenseIds: res.body.expenseIds,
    });
  });

  it('is without expenses when not asked for, and a dry run claims none', async () => {
    const user = await newUser({ premium: true });
    const { clientId } = await clientWithExpenses(user);

    const preview = await createInvoice(user, march(clientId), { dryrun: 'true' });
    const plain = await createInvoice(user, march(clientId, { includeExpenses: false }));

    expect(preview.status).toBe(200);
    expect(preview.body.lines).toHaveLength(3);
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ subtotal: 120, expenseIds: [] });
    expect(plain.body.lines.map((l: { unit: string }) => l.unit)).toEqual(['HUR']);
    // The expenses are still free: a draft of only them.
    const onlyExpenses = await createInvoice(user, march(clientId));
    expect(onlyExpenses.status).toBe(201);
    expect(onlyExpenses.body).toMatchObject({ subtotal: 123.52, entryCount: 0 });
    expect(onlyExpenses.body.expenseIds).toHaveLength(2);
  });

  it('refuses a non-boolean includeExpenses with 400 and stores nothing', async () => {
    const user = await newUser({ premium: true });
    const { clientId } = await clientWithExpenses(user);
    const res = await createInvoice(user, march(clientId, { includeExpenses: 'yes' }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'NOT_BOOLEAN', param: 'includeExpenses' });
    expect((await call('GET', '/api/invoices', { token: user.token })).body).toEqual([]);
  });

  it('never bills another user’s expenses, and another user cannot draft from this client', async () => {
    const user = await newUser({ premium: true });
    const stranger = await newUser({ premium: true });
    const { clientId } = await clientWithExpenses(user);
    const theirs = await clientWithExpenses(stranger);

    const mine = await draft(user, march(clientId));
    const res = await createInvoice(stranger, march(clientId));

    expect(res.status).toBe(404);
    expect(mine.expenseIds).not.toContain(theirs.hotel);
    expect(mine.expenseIds).not.toContain(theirs.stamp);
    expect((await call('GET', `/api/invoices/${mine._id}`, { token: stranger.token })).status).toBe(404);
    // The stranger's own expenses are still theirs to bill.
    expect((await draft(stranger, march(theirs.clientId))).expenseIds).toHaveLength(2);
  });
});

describe('expenses on a draft', { timeout: SLOW }, () => {
  it('are claimed: a second draft does not get them, shaping keeps them, deleting the draft frees them', async () => {
    const user = await newUser({ premium: true });
    const { clientId } = await clientWithExpenses(user);
    const first = await draft(user, march(clientId));

    const second = await createInvoice(user, march(clientId));
    expect(second.status).toBe(400);
    expect(second.body.errors[0].code).toBe('NOTHING_TO_INVOICE');

    const shaped = await call('PUT', `/api/invoices/${first._id}`, {
      token: user.token,
      body: { lines: [{ description: 'Alles zusammen', quantity: 1, unit: 'C62', price: 243.52 }] },
    });
    expect(shaped.status).toBe(200);
    expect(shaped.body.expenseIds).toEqual(first.expenseIds);
    expect((await createInvoice(user, march(clientId))).status).toBe(400);

    expect((await call('DELETE', `/api/invoices/${first._id}`, { token: user.token })).status).toBe(204);
    const again = await draft(user, march(clientId));
    expect([...again.expenseIds].sort()).toEqual([...first.expenseIds].sort());
    expect(again.subtotal).toBe(243.52);
  });

  it('made from two tabs at once: each expense is claimed by one draft only', async () => {
    const user = await newUser({ premium: true });
    const clientId = await newClient(user, 'Zwei Tabs GmbH');
    const web = await clientProject(user, clientId, 'Website', 80);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await expense(user, web, `2026-03-0${i + 1}`, 10 + i));

    const results = await Promise.all([
      createInvoice(user, march(clientId)),
      createInvoice(user, march(clientId)),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    const made = results.find((r) => r.status === 201)!.body;
    expect([...made.expenseIds].sort()).toEqual([...ids].sort());
    expect(made.subtotal).toBe(75);
    const listed = (await call('GET', '/api/invoices', { token: user.token })).body as {
      expenseIds: string[];
    }[];
    expect(listed.flatMap((i) => i.expenseIds).sort()).toEqual([...ids].sort());
  });

  it('re-bills at most 200 expenses: more is 400 INVOICE_TOO_MANY_EXPENSES and nothing is stored', async () => {
    const user = await newUser({ premium: true });
    const clientId = await newClient(user, 'Viele Belege');
    const { projectId } = await seededExpenses(user, clientId, 201);
    await entry(user, projectId, '2026-03-01', 60);

    const res = await createInvoice(user, march(clientId));

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVOICE_TOO_MANY_EXPENSES', values: { max: 200 } });
    expect((await call('GET', '/api/invoices', { token: user.token })).body).toEqual([]);
    // Without them the time is billed as before.
    expect((await createInvoice(user, march(clientId, { includeExpenses: false }))).status).toBe(201);
  });
});

describe('the net of a draft with expenses', () => {
  it('is the sum of its lines to the cent, each expense line its amount exactly (any amounts and entries)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 600 }), { maxLength: 3 }),
        fc.integer({ min: 1, max: 100_000 }),
        async (expenseCents, minutes, rateCents) => {
          const user = await newUser({ premium: true });
          const clientId = await newClient(user, 'Property');
          const web = await clientProject(user, clientId, 'Website', rateCents / 100);
          for (const [i, c] of expenseCents.entries()) await expense(user, web, `2026-03-1${i}`, c / 100);
          for (const [i, m] of minutes.entries()) await entry(user, web, `2026-03-2${i}`, m);

          const res = await createInvoice(user, march(clientId), { dryrun: 'true' });

          expect(res.status).toBe(200);
          const lines = res.body.lines as { unit: string; amount: number }[];
          expect(cents(res.body.subtotal)).toBe(sumCents(lines));
          const expenseLines = lines.filter((l) => l.unit === 'C62').map((l) => cents(l.amount));
          expect(expenseLines.sort((a, b) => a - b)).toEqual([...expenseCents].sort((a, b) => a - b));
          // Tax half up on the net, to the cent.
          expect(cents(res.body.tax)).toBe(Math.floor((sumCents(lines) * 19 + 50) / 100));
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
