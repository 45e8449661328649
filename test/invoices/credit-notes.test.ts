import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { invoiceKey } from '../../functions/data/core/keys-billing';
import { expectTotalsConsistent, newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { describeErrors, validateBatch } from '../einvoice/validate';
import { failingTransactions } from '../faults';
import { createInvoice, setStatus } from './helpers';
import { draftOf, getInvoice, listInvoices, newSeller, numbered, sentInvoice } from './issued';

/** Sending and voiding draw PDFs; the first in a file also loads the renderer and its fonts. */
const SLOW = 120_000;

/**
 * CONTRACT §9 "Credit notes instead of deletion", on DynamoDB Local and local S3: voiding a sent or
 * paid invoice issues a credit note in the same number sequence; the invoice becomes void, its
 * entries free, a paid one's income reversed. (Its documents through the official rules:
 * einvoice-send.test.ts.)
 */

let mock: ReturnType<typeof failingTransactions> | undefined;
afterEach(() => {
  mock?.restore();
  mock = undefined;
});

const voidIt = (user: TestUser, id: string) => setStatus(user, id, { status: 'void' });

const creditNotesOf = async (user: TestUser) =>
  (await listInvoices(user)).filter((i) => i.kind === 'creditNote');

interface ProjectTotals {
  _id: string;
  totalIncome: number;
  totalExpenses: number;
  profitLoss: number;
}
async function projectTotals(user: TestUser, ids: string[]) {
  const projects = (await call('GET', '/api/projects', { token: user.token })).body as ProjectTotals[];
  return ids.map((id) => {
    const p = projects.find((x) => x._id === id);
    return { income: p?.totalIncome, expenses: p?.totalExpenses, profit: p?.profitLoss };
  });
}

describe('voiding a sent invoice', { timeout: SLOW }, () => {
  it('issues a credit note with the next number, the same lines and amounts, sent, linked both ways', async () => {
    const user = await newSeller();
    const invoice = await sentInvoice(user);
    const before = await getInvoice(user, invoice.id);

    const res = await voidIt(user, invoice.id);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ _id: invoice.id, status: 'void', kind: 'invoice', number: numbered(1) });
    const [note] = await creditNotesOf(user);
    expect(res.body.creditNoteId).toBe(note?._id);
    expect(note).toMatchObject({
      kind: 'creditNote',
      status: 'sent',
      number: numbered(2),
      creditedInvoiceId: invoice.id,
      creditNoteId: null,
      clientId: invoice.clientId,
      lines: before.lines,
      subtotal: 161.66,
      taxRate: 19,
      tax: 30.72,
      total: 192.38,
      taxCategory: 'S',
      entryCount: 0,
      emails: [],
    });
    expect(before).toMatchObject({ subtotal: 161.66, tax: 30.72, total: 192.38 });
    expect(note?.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['pdf', 'ubl', 'xrechnung']);
    // Its own documents, not the invoice's.
    const shas = (i: Record<string, any> | undefined) =>
      ((i?.documents ?? []) as { sha256: string }[]).map((d) => d.sha256);
    expect(shas(note).filter((sha) => shas(before).includes(sha))).toEqual([]);
    expect((await listInvoices(user)).map((i) => i.kind).sort()).toEqual(['creditNote', 'invoice']);
  });

  it('frees the invoice’s entries: they can be changed, and a new draft bills them again', async () => {
    const user = await newSeller();
    const invoice = await sentInvoice(user);
    const locked = await call('PUT', `/api/timeActivities/${invoice.entries[0]}`, {
      token: user.token,
      body: { activity: 'Changed' },
    });
    expect(locked.status).toBe(409);

    await voidIt(user, invoice.id);

    const sheet = await call('GET', '/api/timeactivities', {
      token: user.token,
      query: { startdate: '2026-03-01', enddate: '2026-03-31' },
    });
    expect((sheet.body as { invoiceId: string | null }[]).map((e) => e.invoiceId)).toEqual([null, null]);
    const edit = await call('PUT', `/api/timeActivities/${invoice.entries[0]}`, {
      token: user.token,
      body: { activity: 'Changed' },
    });
    expect(edit.status).toBe(200);
    const again = await createInvoice(user, {
      clientId: invoice.clientId,
      startdate: '2026-03-01',
      enddate: '2026-03-31',
    });
    expect(again.status).toBe(201);
    expect(again.body.entryCount).toBe(2);
    // The next invoice takes the number after the credit note's: no gap, no twin.
    expect((await setStatus(user, again.body._id, { status: 'sent' })).body.number).toBe(numbered(3));
  });

  it('numbers two voids at once as two credit notes, and the same void twice (at once, or again) issues one', async () => {
    const user = await newSeller();
    const a = await sentInvoice(user);
    const b = await sentInvoice(user);

    const [voidA, voidB, twice] = await Promise.all([
      voidIt(user, a.id),
      voidIt(user, b.id),
      voidIt(user, a.id),
    ]);
    const again = await voidIt(user, a.id);

    expect([voidA.status, voidB.status, twice.status, again.status]).toEqual([200, 200, 200, 200]);
    expect(twice.body.creditNoteId).toBe(voidA.body.creditNoteId);
    expect(again.body.creditNoteId).toBe(voidA.body.creditNoteId);
    const notes = await creditNotesOf(user);
    expect(notes.map((n) => n.number).sort()).toEqual([numbered(3), numbered(4)]);
    expect(notes.map((n) => n.creditedInvoiceId).sort()).toEqual([a.id, b.id].sort());
    const next = await sentInvoice(user);
    expect(next.number).toBe(numbered(5));
  });
});

describe('voiding a paid invoice', { timeout: SLOW }, () => {
  it('books per line an expense of its net amount on its project, so profit is back where it was', async () => {
    const user = await newSeller();
    const invoice = await sentInvoice(user);
    const projects = [invoice.web, invoice.app];
    const unpaid = await projectTotals(user, projects);
    await setStatus(user, invoice.id, { status: 'paid', paidDate: '2026-04-15' });
    expect(await projectTotals(user, projects)).toEqual([
      { income: 120, expenses: 0, profit: 120 },
      { income: 41.66, expenses: 0, profit: 41.66 },
    ]);

    const res = await voidIt(user, invoice.id);
    await voidIt(user, invoice.id);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'void', paidDate: '2026-04-15' });
    const after = await projectTotals(user, projects);
    expect(after).toEqual([
      { income: 120, expenses: 120, profit: unpaid[0]?.profit },
      { income: 41.66, expenses: 41.66, profit: unpaid[1]?.profit },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    for (const [projectId, amount] of [
      [invoice.web, 120],
      [invoice.app, 41.66],
    ] as const) {
      const finance = (await call('GET', `/api/financeactivities/${projectId}`, { token: user.token })).body;
      expect(finance).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            activity: `Credit note ${numbered(2)}`,
            expense: true,
            amount,
            vatAmount: 0,
            date: `${today}T00:00:00.000Z`,
          }),
        ]),
      );
      expect(finance).toHaveLength(2);
    }
    await expectTotalsConsistent(user.userId);
  });
});

describe('what cannot be voided', { timeout: SLOW }, () => {
  it('refuses a credit note (and its payment) and a draft with 409 INVOICE_STATUS_CHANGE; another user’s is 404', async () => {
    const user = await newSeller();
    const invoice = await sentInvoice(user);
    const { creditNoteId } = (await voidIt(user, invoice.id)).body;
    const draft = await draftOf(user);
    const other = await newUser({ premium: true });

    for (const [id, body] of [
      [creditNoteId, { status: 'void' }],
      [creditNoteId, { status: 'paid' }],
      [draft.id, { status: 'void' }],
    ] as const) {
      const res = await setStatus(user, id, body);
      expect(res.status, `${id} ${body.status}`).toBe(409);
      expect(res.body.errors[0].code).toBe('INVOICE_STATUS_CHANGE');
    }
    expect((await setStatus(other, invoice.id, { status: 'void' })).status).toBe(404);
    expect((await getInvoice(user, creditNoteId)).status).toBe('sent');
    expect(await creditNotesOf(user)).toHaveLength(1);
  });
});

describe('voiding an invoice sent before e-invoices', { timeout: SLOW }, () => {
  it('cancels one at a standard rate under 0.5 %, which a send now refuses (EINVOICE_TAX_RATE: einvoice-send.test.ts)', async () => {
    const user = await newSeller();
    const invoice = await sentInvoice(user);
    // As release 3 sent it: no e-invoice stored (the credit note makes it from the invoice now), at
    // 0.25 %, a rate EN 16931's BR-CO-17 cannot carry.
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: invoiceKey(user.userId, invoice.id),
        UpdateExpression: 'SET taxRateHundredths = :rate REMOVE einvoice',
        ExpressionAttributeValues: { ':rate': 25 },
        ConditionExpression: 'attribute_exists(PK)',
      }),
    );
    const stored = await ddb.send(
      new GetCommand({ TableName: TABLE, Key: invoiceKey(user.userId, invoice.id) }),
    );
    expect(stored.Item).toMatchObject({ taxRateHundredths: 25 });
    expect(stored.Item?.einvoice).toBeUndefined();

    const res = await voidIt(user, invoice.id);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ _id: invoice.id, status: 'void' });
    const [note] = await creditNotesOf(user);
    expect(note).toMatchObject({ kind: 'creditNote', status: 'sent', creditedInvoiceId: invoice.id });
    // What the buyer downloads of it passes the official rules (EN 16931 and XRechnung 3.0; the
    // Factur-X PDF EN 16931 only): the credit note made from the invoice alone is a valid e-invoice.
    const documents = await Promise.all(
      (['pdf', 'xrechnung', 'ubl'] as const).map(async (kind) => {
        const download = await call('GET', `/api/invoices/${String(res.body.creditNoteId)}/${kind}`, {
          token: user.token,
        });
        expect(download.status, kind).toBe(200);
        return {
          name: kind === 'pdf' ? 'credit-note.pdf' : `credit-note-${kind}.xml`,
          bytes: new Uint8Array(Buffer.from(download.body as string | Uint8Array)),
          ...(kind === 'pdf' ? { en16931Only: true } : {}),
        };
      }),
    );
    const result = await validateBatch(documents);
    expect(result.errors, describeErrors(result)).toEqual([]);
    expect(result.passed).toBe(3);
  }, 300_000); // the official rules are loaded (Saxon) on a shared machine
});

describe('a void a crash interrupted', { timeout: SLOW }, () => {
  it('is finished by the next try: one credit note, no number lost, each reversal booked once', async () => {
    const user = await newSeller();
    const invoice = await sentInvoice(user);
    await setStatus(user, invoice.id, { status: 'paid', paidDate: '2026-04-15' });

    // The transaction that issues the credit note is lost: nothing of it is written.
    mock = failingTransactions((n) => n === 1);
    expect((await voidIt(user, invoice.id)).status).toBe(500);
    mock.restore();
    expect(await getInvoice(user, invoice.id)).toMatchObject({ status: 'paid', creditNoteId: null });
    expect(await creditNotesOf(user)).toEqual([]);

    // Issued, then the third transaction (the second line's reversal) is lost.
    mock = failingTransactions((n) => n === 3);
    expect((await voidIt(user, invoice.id)).status).toBe(500);
    mock.restore();
    expect(await getInvoice(user, invoice.id)).toMatchObject({ status: 'void' });

    const retry = await voidIt(user, invoice.id);

    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const notes = await creditNotesOf(user);
    expect(notes.map((n) => n.number)).toEqual([numbered(2)]);
    expect(await projectTotals(user, [invoice.web, invoice.app])).toEqual([
      { income: 120, expenses: 120, profit: 0 },
      { income: 41.66, expenses: 41.66, profit: 0 },
    ]);
    expect(await sentInvoice(user).then((s) => s.number)).toBe(numbered(3));
    await expectTotalsConsistent(user.userId);
  });
});
