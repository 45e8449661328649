import { afterEach, describe, expect, it } from 'vitest';
import { expectTotalsConsistent } from '../activities/helpers';
import { call } from '../api';
import { failingTransactions } from '../faults';
import { setStatus } from './helpers';
import { getInvoice, newSeller, sentInvoice } from './issued';

/** Sending and voiding draw PDFs; the first in a file also loads the renderer and its fonts. */
const SLOW = 120_000;

/**
 * "Paid" and "void" of one invoice at the same moment (CONTRACT §9 "Credit notes instead of
 * deletion"): whatever order their writes land in, the invoice ends void and every income a
 * payment booked is reversed, so profit is where it was before the invoice was paid.
 */

let mock: ReturnType<typeof failingTransactions> | undefined;
afterEach(() => {
  mock?.restore();
  mock = undefined;
});

async function profits(token: string, ids: string[]) {
  const projects = (await call('GET', '/api/projects', { token })).body as {
    _id: string;
    totalIncome: number;
    totalExpenses: number;
  }[];
  return ids.map((id) => {
    const p = projects.find((x) => x._id === id);
    return { income: p?.totalIncome, expenses: p?.totalExpenses };
  });
}

describe('paid and void of the same invoice', { timeout: SLOW }, () => {
  it('reverses the income a payment booked before the void, although the invoice never became paid', async () => {
    const user = await newSeller();
    const invoice = await sentInvoice(user);
    // The payment books the first line's income, then its second write is lost — as when a void
    // lands between them and the rest of the payment is refused. The invoice is still sent.
    mock = failingTransactions((n) => n === 2);
    expect((await setStatus(user, invoice.id, { status: 'paid' })).status).toBe(500);
    mock.restore();
    expect(await getInvoice(user, invoice.id)).toMatchObject({ status: 'sent', paidDate: null });
    expect(await profits(user.token, [invoice.web, invoice.app])).toEqual([
      { income: 120, expenses: 0 },
      { income: 0, expenses: 0 },
    ]);

    const voided = await setStatus(user, invoice.id, { status: 'void' });

    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await profits(user.token, [invoice.web, invoice.app])).toEqual([
      { income: 120, expenses: 120 },
      { income: 0, expenses: 0 },
    ]);
    // A payment tried again now is refused: nothing more is booked.
    expect((await setStatus(user, invoice.id, { status: 'paid' })).status).toBe(409);
    expect(await profits(user.token, [invoice.web, invoice.app])).toEqual([
      { income: 120, expenses: 120 },
      { income: 0, expenses: 0 },
    ]);
    await expectTotalsConsistent(user.userId);
  });

  it('asked at once from two tabs, ends void with income and reversals equal on every project', async () => {
    const user = await newSeller();
    for (let trial = 0; trial < 3; trial++) {
      const invoice = await sentInvoice(user);
      const [paid, voided] = await Promise.all([
        setStatus(user, invoice.id, { status: 'paid' }),
        setStatus(user, invoice.id, { status: 'void' }),
      ]);
      expect([200, 409]).toContain(paid.status);
      expect(voided.status, JSON.stringify(voided.body)).toBe(200);
      expect((await getInvoice(user, invoice.id)).status).toBe('void');
    }
    const projects = await profits(user.token, await projectIds(user.token));
    expect(projects).toHaveLength(6);
    for (const project of projects) expect(project.income).toBe(project.expenses);
    await expectTotalsConsistent(user.userId);
  });
});

async function projectIds(token: string): Promise<string[]> {
  const projects = (await call('GET', '/api/projects', { token })).body as { _id: string }[];
  return projects.map((p) => p._id);
}
