import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { describeErrors, validateBatch } from '../einvoice/validate';
import { runs } from '../runs';
import { clientProject, createInvoice, entry, newClient, pdfText, setStatus } from './helpers';
import { SELLER } from './issued';

/** CONTRACT §9 "Drafts people can shape": a draft's lines, period, tax and language, through the API. */

const edit = (user: TestUser, id: string, body: Record<string, unknown>) => setStatus(user, id, body);
const read = async (user: TestUser, id: string) =>
  (await call('GET', `/api/invoices/${id}`, { token: user.token })).body;

/** A client with two projects and time on three days of March 2026: a draft of it. */
async function draft(user: TestUser, extra: Record<string, unknown> = {}) {
  await call('PUT', '/api/invoicesettings', { token: user.token, body: SELLER });
  const clientId = await newClient(user, `Kunde ${Math.random()}`, { postcode: '80331', city: 'München' });
  const design = await clientProject(user, clientId, 'Design', 100);
  const build = await clientProject(user, clientId, 'Build', 80);
  await entry(user, build, '2026-03-02', 90, { activity: 'Backend' });
  await entry(user, design, '2026-03-05', 60, { activity: 'Sketches' });
  await entry(user, build, '2026-03-09', 30, { activity: 'Frontend' });
  await entry(user, build, '2026-03-10', 45, { activity: 'Backend' });
  const res = await createInvoice(user, {
    clientId,
    startdate: '2026-03-01',
    enddate: '2026-03-31',
    taxRate: 19,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body._id as string, clientId, design, build, invoice: res.body };
}

describe('a draft’s lines', () => {
  it('are in date order, one per project by default, per task or per entry when asked', async () => {
    const user = await newUser();
    const byProject = await draft(user);
    expect(
      byProject.invoice.lines.map((l: { description: string; hours: number }) => [l.description, l.hours]),
    ).toEqual([
      ['Build', 2.75],
      ['Design', 1],
    ]);
    await call('DELETE', `/api/invoices/${byProject.id}`, { token: user.token });

    const byTask = await createInvoice(user, {
      clientId: byProject.clientId,
      startdate: '2026-03-01',
      enddate: '2026-03-31',
      lineGrouping: 'task',
    });
    expect(
      byTask.body.lines.map((l: { description: string; hours: number }) => [l.description, l.hours]),
    ).toEqual([
      ['Build: Backend', 2.25],
      ['Design: Sketches', 1],
      ['Build: Frontend', 0.5],
    ]);
    expect(byTask.body.subtotal).toBe(2.25 * 80 + 100 + 0.5 * 80);
    await call('DELETE', `/api/invoices/${byTask.body._id}`, { token: user.token });

    const byEntry = await createInvoice(user, {
      clientId: byProject.clientId,
      startdate: '2026-03-01',
      enddate: '2026-03-31',
      lineGrouping: 'entry',
    });
    expect(byEntry.body.lines.map((l: { description: string }) => l.description)).toEqual([
      '2026-03-02 Build: Backend',
      '2026-03-05 Design: Sketches',
      '2026-03-09 Build: Frontend',
      '2026-03-10 Build: Backend',
    ]);
    expect(byEntry.body.entryCount).toBe(4);
    expect(
      (
        await createInvoice(user, {
          clientId: byProject.clientId,
          startdate: '2026-03-01',
          enddate: '2026-03-31',
          lineGrouping: 'week',
        })
      ).status,
    ).toBe(400);
  });

  it('are replaced by the lines sent — a fixed-price item, days, a new description — with totals to the cent', async () => {
    const user = await newUser();
    const { id, design, invoice } = await draft(user);
    const res = await edit(user, id, {
      lines: [
        { description: 'Build: backend and frontend', quantity: 2.75, unit: 'HUR', price: 80 },
        { description: 'Workshop', quantity: 1.5, unit: 'DAY', price: 640.33, projectId: design },
        { description: 'Hosting setup (fixed price) 🚀 <&>', quantity: 1, unit: 'C62', price: 249.99 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lines).toEqual([
      expect.objectContaining({
        description: 'Build: backend and frontend',
        quantity: 2.75,
        unit: 'HUR',
        price: 80,
        amount: 220,
        projectId: invoice.lines[0].projectId,
      }),
      expect.objectContaining({
        description: 'Workshop',
        quantity: 1.5,
        unit: 'DAY',
        price: 640.33,
        amount: 960.5,
        projectId: design,
      }),
      expect.objectContaining({
        description: 'Hosting setup (fixed price) 🚀 <&>',
        quantity: 1,
        unit: 'C62',
        price: 249.99,
        amount: 249.99,
      }),
    ]);
    // 220 + 960.495 → 960.50 (half up) + 249.99 = 1,430.49; 19 % = 271.7931 → 271.79.
    expect(res.body).toMatchObject({ subtotal: 1430.49, tax: 271.79, total: 1702.28, entryCount: 4 });
    expect(await read(user, id)).toMatchObject({ subtotal: 1430.49, total: 1702.28 });
  });

  it('go out as shaped: the sent e-invoice carries them in its language and passes the official rules', async () => {
    const user = await newUser();
    const { id } = await draft(user);
    const shaped = await edit(user, id, {
      startdate: '2026-03-02',
      enddate: '2026-03-20',
      notes: 'Danke für den Auftrag!',
      language: 'de',
      lines: [
        { description: 'Entwicklung', quantity: 2.75, unit: 'HUR', price: 80 },
        { description: 'Pauschale Einrichtung', quantity: 1, unit: 'C62', price: 300 },
      ],
    });
    expect(shaped.status, JSON.stringify(shaped.body)).toBe(200);
    expect(shaped.body).toMatchObject({ startdate: '2026-03-02', enddate: '2026-03-20', language: 'de' });
    const sent = await setStatus(user, id, { status: 'sent' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.total).toBe(618.8);

    const xml = await call('GET', `/api/invoices/${id}/xrechnung`, { token: user.token });
    const pdf = await call('GET', `/api/invoices/${id}/pdf`, { token: user.token });
    const xmlText = Buffer.from(xml.body).toString('utf8');
    expect(xmlText).toContain('unitCode="C62"');
    expect(xmlText).toContain('Pauschale Einrichtung');
    expect(xmlText).toContain('20260302');
    expect(pdfText(new Uint8Array(Buffer.from(pdf.body)))).toContain('Pauschale Einrichtung');
    const result = await validateBatch([
      { name: 'shaped.xml', bytes: new TextEncoder().encode(xmlText) },
      { name: 'shaped.pdf', bytes: new Uint8Array(Buffer.from(pdf.body)), en16931Only: true },
    ]);
    expect(result.errors, describeErrors(result)).toEqual([]);

    // Sent is final: its lines no longer change.
    const late = await edit(user, id, { lines: [{ description: 'x', quantity: 1, unit: 'C62', price: 1 }] });
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('INVOICE_STATUS_CHANGE');
  }, 120_000); // the official rules load in about 5 s each on a quiet machine, far longer under load

  it('refuse bad input with a clear error and change nothing', async () => {
    const user = await newUser();
    const other = await newUser();
    const { id } = await draft(user);
    const before = await read(user, id);
    const line = { description: 'Item', quantity: 1, unit: 'C62', price: 10 };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ lines: [{ ...line, quantity: 0 }] }, 400, 'INVALID_LINE_QUANTITY'],
      [{ lines: [{ ...line, quantity: 1.005 }] }, 400, 'INVALID_LINE_QUANTITY'],
      [{ lines: [{ ...line, price: 9.999 }] }, 400, 'INVALID_LINE_PRICE'],
      [{ lines: [{ ...line, price: -1 }] }, 400, 'INVALID_LINE_PRICE'],
      [{ lines: [{ ...line, unit: 'KGM' }] }, 400, 'NOT_ONE_OF'],
      [{ lines: [{ ...line, description: '   ' }] }, 400, 'FIELD_REQUIRED'],
      [{ lines: [] }, 400, 'INVOICE_LINES_COUNT'],
      [{ lines: Array.from({ length: 201 }, () => line) }, 400, 'INVOICE_LINES_COUNT'],
      [{ status: 'sent', notes: 'both' }, 400, 'INVOICE_UPDATE_MIXED'],
      [{ startdate: '2026-04-01' }, 400, 'START_AFTER_END_DAY'],
      [{ language: 'fr' }, 400, 'NOT_ONE_OF'],
      [{}, 400, 'NOT_ONE_OF'],
    ];
    for (const [body, status, code] of cases) {
      const res = await edit(user, id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.errors[0].code, JSON.stringify(body).slice(0, 80)).toBe(code);
    }
    const theirs = await clientProject(other, null, 'Theirs', 1);
    expect((await edit(user, id, { lines: [{ ...line, projectId: theirs }] })).status).toBe(404);
    expect((await edit(other, id, { notes: 'mine now' })).status).toBe(404);
    expect(await read(user, id)).toEqual(before);
  });

  it('keep every total exact for any lines (generated)', async () => {
    const user = await newUser();
    const { id } = await draft(user);
    const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => c / 100);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            description: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
            quantity: fc.integer({ min: 1, max: 100_000 }).map((h) => h / 100),
            unit: fc.constantFrom('HUR', 'DAY', 'C62'),
            price: cents(500_000),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 2500 }).map((h) => h / 100),
        async (lines, taxRate) => {
          const res = await edit(user, id, { lines, taxRate });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const amounts = lines.map((l) => {
            const q = BigInt(Math.round(l.quantity * 100));
            const p = BigInt(Math.round(l.price * 100));
            return Number((q * p * 2n + 100n) / 200n);
          });
          const subtotal = amounts.reduce((a, b) => a + b, 0);
          const tax = Number((BigInt(subtotal) * BigInt(Math.round(taxRate * 100)) * 2n + 10_000n) / 20_000n);
          expect(res.body.lines.map((l: { amount: number }) => Math.round(l.amount * 100))).toEqual(amounts);
          expect(Math.round(res.body.subtotal * 100)).toBe(subtotal);
          expect(Math.round(res.body.tax * 100)).toBe(tax);
          expect(Math.round(res.body.total * 100)).toBe(subtotal + tax);
        },
      ),
      { numRuns: runs(100, 15) },
    );
  });
});

describe('the minimum entry length', () => {
  it('leaves shorter entries out of drafts (a stray 15-second timer is not billed)', async () => {
    const user = await newUser();
    const clientId = await newClient(user, 'Kunde');
    const projectId = await clientProject(user, clientId, 'Site', 60);
    await entry(user, projectId, '2026-03-02', 0.25); // 15 seconds
    await entry(user, projectId, '2026-03-03', 30);
    const settings = await call('POST', '/api/usersettings', {
      token: user.token,
      body: { minimumEntrySeconds: 60 },
    });
    expect(settings.status).toBe(200);
    expect(settings.body.minimumEntrySeconds).toBe(60);
    const res = await createInvoice(user, { clientId, startdate: '2026-03-01', enddate: '2026-03-31' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ entryCount: 1, subtotal: 30 });

    for (const bad of [-1, 3601, 1.5, '60']) {
      const refused = await call('POST', '/api/usersettings', {
        token: user.token,
        body: { minimumEntrySeconds: bad },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].code).toBe('INVALID_MINIMUM_ENTRY');
    }
    expect((await call('GET', '/api/auth', { token: user.token })).body.minimumEntrySeconds).toBe(60);
  });
});
