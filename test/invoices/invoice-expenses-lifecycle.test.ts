import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { expectTotalsConsistent, newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { passThroughDdb, realDdb } from '../faults';
import { clientWithExpenses, draft, financeEntry, march, seededExpenses } from './expenses';
import { createInvoice, entry, newClient, setStatus } from './helpers';
import { newSeller, numbered } from './issued';

/**
 * Expenses re-billed at cost (CONTRACT §9 `includeExpenses`) through an invoice's life, on
 * DynamoDB Local and local S3: locked while it is sent or paid, income booked per line when paid,
 * free again when it is voided — and the reversal expenses a void books are never re-billed. A
 * crash half-way through a draft leaves nothing a retry cannot finish.
 */

/** Sending and voiding draw PDFs; the first in a file also loads the renderer and its fonts. */
const SLOW = 120_000;

let mock: ReturnType<typeof passThroughDdb> | undefined;
afterEach(() => {
  mock?.restore();
  mock = undefined;
});

const edit = (user: TestUser, id: string, body: Record<string, unknown>) =>
  call('PUT', `/api/financeActivities/${id}`, { token: user.token, body });
const remove = (user: TestUser, id: string) =>
  call('DELETE', `/api/financeActivities/${id}`, { token: user.token });

describe('expenses on a sent invoice', { timeout: SLOW }, () => {
  it('can be edited while the invoice is a draft, not once it is sent (409 ENTRY_INVOICED), and are free once it is voided', async () => {
    const user = await newSeller();
    const { clientId, web, hotel, stamp } = await clientWithExpenses(user);
    const invoice = await draft(user, march(clientId));
    expect((await edit(user, stamp, { notes: 'Briefmarke' })).status).toBe(200);

    expect((await setStatus(user, invoice._id, { status: 'sent' })).status).toBe(200);

    for (const res of [await edit(user, hotel, { amount: 1 }), await remove(user, hotel)]) {
      expect(res.status).toBe(409);
      expect(res.body.errors[0].code).toBe('ENTRY_INVOICED');
    }
    expect(await financeEntry(user, web, hotel)).toMatchObject({ amount: 123.45 });
    expect((await createInvoice(user, march(clientId))).status).toBe(400);

    expect((await setStatus(user, invoice._id, { status: 'void' })).status).toBe(200);

    expect((await edit(user, hotel, { amount: 100 })).status).toBe(200);
    const again = await draft(user, march(clientId));
    expect([...again.expenseIds].sort()).toEqual([hotel, stamp].sort());
    expect(again.subtotal).toBe(220.07);
    await expectTotalsConsistent(user.userId);
  });
});

describe('a paid invoice with expenses', { timeout: SLOW }, () => {
  it('books each line as income on its project, and once voided frees its expenses but never re-bills the reversals', async () => {
    const user = await newSeller();
    const { clientId, web, hotel, stamp } = await clientWithExpenses(user);
    const invoice = await draft(user, march(clientId));
    await setStatus(user, invoice._id, { status: 'sent' });

    const paid = await setStatus(user, invoice._id, { status: 'paid', paidDate: '2026-04-15' });

    expect(paid.status).toBe(200);
    const project = async () =>
      ((await call('GET', '/api/projects', { token: user.token })).body as Record<string, any>[]).find(
        (p) => p._id === web,
      );
    // Income: 123.45 + 120 + 0.07; expenses: the two re-billed ones.
    expect(await project()).toMatchObject({ totalIncome: 243.52, totalExpenses: 123.52, profitLoss: 120 });

    // The void books one reversal expense per line (CONTRACT §9), dated today, in no period of March.
    const voided = await setStatus(user, invoice._id, { status: 'void' });
    expect(voided.status).toBe(200);
    expect(await project()).toMatchObject({ totalIncome: 243.52, totalExpenses: 367.04 });
    const today = new Date().toISOString().slice(0, 10);
    const wholeYear = march(clientId, {
      startdate: '2026-01-01',
      enddate: today > '2026-12-31' ? today : '2026-12-31',
    });

    const again = await draft(user, wholeYear);

    expect([...again.expenseIds].sort()).toEqual([hotel, stamp].sort());
    expect(again.lines.map((l: { description: string }) => l.description)).not.toContainEqual(
      expect.stringContaining(`Credit note ${numbered(2)}`),
    );
    expect(again.subtotal).toBe(243.52);
    await expectTotalsConsistent(user.userId);
  });
});

describe('a draft a crash interrupted', { timeout: SLOW }, () => {
  it('leaves no draft and no expense held, and the retry claims them all', async () => {
    const user = await newUser({ premium: true });
    const clientId = await newClient(user, 'Abgebrochen AG');
    // 100 expenses and an entry: 101 claims, two transactions (the draft is put in the second).
    const { projectId, expenseIds } = await seededExpenses(user, clientId, 100);
    await entry(user, projectId, '2026-03-31', 60);
    mock = passThroughDdb();
    let claims = 0;
    mock.on(TransactWriteCommand).callsFake((input) => {
      const isClaim = input.TransactItems.some(
        (i: Record<string, any>) =>
          i.Update?.UpdateExpression === 'SET invoiceId = :invoice, #version = :next',
      );
      if (isClaim && ++claims === 2) {
        throw Object.assign(new Error('connection reset'), { name: 'NetworkingError' });
      }
      return realDdb.send(new TransactWriteCommand(input));
    });

    expect((await createInvoice(user, march(clientId))).status).toBe(500);
    mock.restore();
    mock = undefined;

    expect(claims).toBe(2);
    expect((await call('GET', '/api/invoices', { token: user.token })).body).toEqual([]);
    // Claimed by an invoice that does not exist: free, and not locked.
    expect((await edit(user, expenseIds[0]!, { notes: 'still free' })).status).toBe(200);
    const retry = await createInvoice(user, march(clientId));
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect([...retry.body.expenseIds].sort()).toEqual([...expenseIds].sort());
    expect(retry.body.entryCount).toBe(1);
    // 1.00 + 1.01 + … + 1.99 = 149.50, and 1 h at 80.
    expect(retry.body.subtotal).toBe(229.5);
    expect((await createInvoice(user, march(clientId))).status).toBe(400);
  });
});
