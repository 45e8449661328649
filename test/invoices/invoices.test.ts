import { describe, expect, it } from 'vitest';
import { deleteAccountOf } from '../accounts/helpers';
import { expectTotalsConsistent, newUser, partition, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { clientProject, createInvoice, entry, newClient, pdfText, setStatus } from './helpers';

/** CONTRACT §8 "Invoices" through the API, on DynamoDB Local (the issuer's settings: invoice-settings.test.ts). */

const YEAR = new Date().getUTCFullYear();

/** A client with two projects (rates 80 and 33.33) and billable time in March 2026. */
async function billableMonth(user: TestUser, name = 'Müller & Söhne') {
  // Sending needs the parties' details of an e-invoice (CONTRACT §9).
  await call('PUT', '/api/invoicesettings', {
    token: user.token,
    body: {
      name: 'Jörg Weiß',
      street: 'Hauptstraße 1',
      postcode: '10115',
      city: 'Berlin',
      email: 'seller@example.com',
      phone: '+49 30 1234567',
      vatId: 'DE123456789',
      iban: 'DE89370400440532013000',
    },
  });
  const clientId = await newClient(user, name, {
    address: 'Königsallee 1',
    street: 'Königsallee 1',
    taxId: 'DE811234567',
    postcode: '40212',
    city: 'Düsseldorf',
  });
  const web = await clientProject(user, clientId, 'Website', 80);
  const app = await clientProject(user, clientId, 'App', 33.33);
  const entries = [
    await entry(user, web, '2026-03-02', 50), // rounded up to 15 min: 60
    await entry(user, web, '2026-03-03', 31), // 45
    await entry(user, app, '2026-03-04', 7), // 15
    await entry(user, app, '2026-03-31', 61), // 75
  ];
  return { clientId, web, app, entries };
}

const body = (clientId: string, extra: Record<string, unknown> = {}) => ({
  clientId,
  startdate: '2026-03-01',
  enddate: '2026-03-31',
  ...extra,
});

async function roundingUp15(user: TestUser) {
  const res = await call('POST', '/api/usersettings', {
    token: user.token,
    body: { rounding: { mode: 'up', minutes: 15 } },
  });
  expect(res.status).toBe(200);
}

describe('a draft', () => {
  it('has one line per project with the rounded hours, the rate and amounts exact to the cent', async () => {
    const user = await newUser({ premium: true });
    await roundingUp15(user);
    const { clientId, web, app, entries } = await billableMonth(user);

    const res = await createInvoice(user, body(clientId, { taxRate: 19 }));

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      number: null,
      status: 'draft',
      clientId,
      currency: 'EUR',
      entryCount: entries.length,
      // Website: 60 + 45 min = 1.75 h × 80 = 140; App: 15 + 75 min = 1.5 h × 33.33 = 49.995 → 50.00.
      // Lines are in date order (CONTRACT §9): Website's time starts on the 2nd, App's on the 4th.
      lines: [
        {
          projectId: web,
          description: 'Website',
          hours: 1.75,
          rate: 80,
          amount: 140,
          quantity: 1.75,
          unit: 'HUR',
          price: 80,
        },
        {
          projectId: app,
          description: 'App',
          hours: 1.5,
          rate: 33.33,
          amount: 50,
          quantity: 1.5,
          unit: 'HUR',
          price: 33.33,
        },
      ],
      subtotal: 190,
      taxRate: 19,
      tax: 36.1,
      total: 226.1,
      reverseCharge: false,
    });
  });

  it('bills only the client’s uninvoiced billable time in the period, and no entry twice', async () => {
    const user = await newUser({ premium: true });
    const { clientId, web } = await billableMonth(user);
    await entry(user, web, '2026-03-10', 600, { billable: false });
    await entry(user, web, '2026-04-01', 600);
    const other = await clientProject(user, await newClient(user, 'Other'), 'Other work', 100);
    await entry(user, other, '2026-03-10', 600);

    const first = await createInvoice(user, body(clientId));
    const second = await createInvoice(user, body(clientId));

    expect(first.body.entryCount).toBe(4);
    expect(second.status).toBe(400);
    expect(second.body.errors[0].code).toBe('NOTHING_TO_INVOICE');
  });

  it('previews with dryrun=true without storing anything', async () => {
    const user = await newUser({ premium: true });
    const { clientId } = await billableMonth(user);

    const preview = await createInvoice(user, body(clientId), { dryrun: 'true' });

    expect(preview.status).toBe(200);
    expect(preview.body.entryCount).toBe(4);
    expect((await call('GET', '/api/invoices', { token: user.token })).body).toEqual([]);
    expect((await createInvoice(user, body(clientId))).status).toBe(201);
  });

  it('makes no tax with reverse charge, and refuses a bad tax rate or period with 400', async () => {
    const user = await newUser({ premium: true });
    const { clientId } = await billableMonth(user);
    for (const bad of [
      { taxRate: 100.01 },
      { taxRate: 19.999 },
      { taxRate: '19' },
      { startdate: '2026-04-01' },
      { enddate: '2026-02-30' },
    ]) {
      expect((await createInvoice(user, body(clientId, bad))).status).toBe(400);
    }
    const res = await createInvoice(user, body(clientId, { taxRate: 19, reverseCharge: true }));
    expect(res.body).toMatchObject({ tax: 0, total: res.body.subtotal, reverseCharge: true });
  });

  it('is a 404 for an unknown client or another user’s', async () => {
    const [user, other] = [await newUser(), await newUser()];
    const { clientId } = await billableMonth(other);
    expect((await createInvoice(user, body(clientId))).status).toBe(404);
    expect((await createInvoice(user, body('not-an-id'))).status).toBe(404);
  });
});

describe('the status of an invoice', () => {
  it('goes draft → sent (numbered) → paid, booking each line as income on its project', async () => {
    const user = await newUser({ premium: true });
    await call('PUT', '/api/invoicesettings', { token: user.token, body: { numberPrefix: 'RE-' } });
    const { clientId, web, app } = await billableMonth(user);
    const draft = await createInvoice(user, body(clientId));

    const sent = await setStatus(user, draft.body._id, { status: 'sent' });
    const paid = await setStatus(user, draft.body._id, { status: 'paid', paidDate: '2026-04-15' });

    expect(sent.body).toMatchObject({ status: 'sent', number: `RE-${YEAR}-0001` });
    expect(paid.body).toMatchObject({ status: 'paid', paidDate: '2026-04-15' });
    const projects = (await call('GET', '/api/projects', { token: user.token })).body as {
      _id: string;
      totalIncome: number;
    }[];
    const income = Object.fromEntries(projects.map((p) => [p._id, p.totalIncome]));
    const lines = paid.body.lines as { projectId: string; amount: number }[];
    expect(income[web]).toBe(lines.find((l) => l.projectId === web)?.amount);
    expect(income[app]).toBe(lines.find((l) => l.projectId === app)?.amount);
    const finance = await call('GET', `/api/financeactivities/${web}`, { token: user.token });
    expect(finance.body).toMatchObject([
      { activity: `Invoice RE-${YEAR}-0001`, expense: false, date: '2026-04-15T00:00:00.000Z' },
    ]);
    await expectTotalsConsistent(user.userId);
  });

  it('refuses every other change with 409 INVOICE_STATUS_CHANGE', async () => {
    const user = await newUser({ premium: true });
    const { clientId } = await billableMonth(user);
    const id = (await createInvoice(user, body(clientId))).body._id;
    for (const status of ['paid', 'void']) {
      const res = await setStatus(user, id, { status });
      expect(res.status).toBe(409);
      expect(res.body.errors[0].code).toBe('INVOICE_STATUS_CHANGE');
    }
    await setStatus(user, id, { status: 'sent' });
    expect((await setStatus(user, id, { status: 'sent' })).status).toBe(409);
    expect((await call('DELETE', `/api/invoices/${id}`, { token: user.token })).status).toBe(409);
    await setStatus(user, id, { status: 'paid' });
    // A paid invoice can be voided (a credit note: credit-notes.test.ts), never sent or paid again.
    expect((await setStatus(user, id, { status: 'sent' })).status).toBe(409);
    expect((await setStatus(user, id, { status: 'paid' })).status).toBe(409);
    expect((await setStatus(user, id, { status: 'draft' })).status).toBe(400);
  });

  it('numbers invoices sent at the same moment in order, without gap or twin', async () => {
    const user = await newUser({ premium: true });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        (await createInvoice(user, body((await billableMonth(user, `Client ${i}`)).clientId))).body._id,
      );

    const sent = await Promise.all(ids.map((id) => setStatus(user, id, { status: 'sent' })));

    expect(sent.map((r) => r.body.number).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${YEAR}-000${n}`));
  });
});

describe('entries on an invoice', () => {
  it('are locked once it is sent (409 ENTRY_INVOICED), free again once it is voided, its number never reused', async () => {
    const user = await newUser({ premium: true });
    const { clientId, entries } = await billableMonth(user);
    const first = (await createInvoice(user, body(clientId))).body._id;
    const [one] = entries;
    expect(
      (
        await call('PUT', `/api/timeActivities/${one}`, {
          token: user.token,
          body: { activity: 'Edited on a draft' },
        })
      ).status,
    ).toBe(200);
    await setStatus(user, first, { status: 'sent' });

    const edit = await call('PUT', `/api/timeActivities/${one}`, {
      token: user.token,
      body: { duration: 1 },
    });
    const remove = await call('DELETE', `/api/timeActivities/${one}`, { token: user.token });
    await setStatus(user, first, { status: 'void' });
    const again = await createInvoice(user, body(clientId));
    const sent = await setStatus(user, again.body._id, { status: 'sent' });

    expect(edit.status).toBe(409);
    expect(edit.body.errors[0].code).toBe('ENTRY_INVOICED');
    expect(remove.status).toBe(409);
    expect(again.body.entryCount).toBe(4);
    // 0002 is the credit note the void issued.
    expect(sent.body.number).toBe(`${YEAR}-0003`);
  });

  it('are free again when the draft is deleted', async () => {
    const user = await newUser({ premium: true });
    const { clientId } = await billableMonth(user);
    const id = (await createInvoice(user, body(clientId))).body._id;

    expect((await call('DELETE', `/api/invoices/${id}`, { token: user.token })).status).toBe(204);
    expect((await call('GET', `/api/invoices/${id}`, { token: user.token })).status).toBe(404);
    expect((await createInvoice(user, body(clientId))).body.entryCount).toBe(4);
  });

  it('are marked with their invoice in the timesheet', async () => {
    const user = await newUser({ premium: true });
    const { clientId } = await billableMonth(user);
    const id = (await createInvoice(user, body(clientId))).body._id;
    const sheet = await call('GET', '/api/timeactivities', {
      token: user.token,
      query: { startdate: '2026-03-01', enddate: '2026-03-31' },
    });
    expect((sheet.body as { invoiceId: string | null }[]).map((e) => e.invoiceId)).toEqual([id, id, id, id]);
  });
});

describe('the PDF and what outlives what', () => {
  it('is a PDF with client, number, lines and entries, also after the client and a project are deleted', async () => {
    const user = await newUser({ premium: true });
    const { clientId, web } = await billableMonth(user, 'Ärzte 日本 GmbH');
    const id = (await createInvoice(user, body(clientId))).body._id;
    await setStatus(user, id, { status: 'sent' });
    expect((await call('DELETE', `/api/clients/${clientId}`, { token: user.token })).status).toBe(204);
    expect((await call('DELETE', `/api/projects/${web}`, { token: user.token })).status).toBe(200);

    const invoice = await call('GET', `/api/invoices/${id}`, { token: user.token });
    const pdf = await call('GET', `/api/invoices/${id}/pdf`, { token: user.token });

    expect(invoice.body.lines).toHaveLength(2);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.body as unknown as Uint8Array);
    expect(text).toContain('Ärzte 日本 GmbH');
    expect(text).toContain(`Invoice ${YEAR}-0001`);
    expect(text).toContain('Website');
    expect(text).toContain('Königsallee 1');
  });

  it('is a 404, as every invoice route is, for another user’s invoice', async () => {
    const [user, other] = [await newUser({ premium: true }), await newUser()];
    const { clientId } = await billableMonth(user);
    const id = (await createInvoice(user, body(clientId))).body._id;
    for (const [method, path, payload] of [
      ['GET', `/api/invoices/${id}`, undefined],
      ['GET', `/api/invoices/${id}/pdf`, undefined],
      ['PUT', `/api/invoices/${id}`, { status: 'sent' }],
      ['DELETE', `/api/invoices/${id}`, undefined],
    ] as const) {
      expect(
        (await call(method, path, { token: other.token, ...(payload ? { body: payload } : {}) })).status,
      ).toBe(404);
    }
    expect((await call('GET', '/api/invoices', { token: other.token })).body).toEqual([]);
  });

  it('is in the export, and gone with the account', async () => {
    const user = await newUser({ premium: true });
    const { clientId } = await billableMonth(user);
    const id = (await createInvoice(user, body(clientId))).body._id;

    const exported = await call('GET', '/api/exportuserdata', { token: user.token });
    await deleteAccountOf(user);

    expect((exported.body.invoices as { _id: string }[]).map((i) => i._id)).toEqual([id]);
    expect((await partition(user.userId)).filter((i) => String(i.SK).startsWith('INVOICE'))).toEqual([]);
  });
});
