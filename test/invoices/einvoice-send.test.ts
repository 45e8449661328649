import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newUser } from '../activities/helpers';
import { call } from '../api';
import { describeErrors, validateBatch } from '../einvoice/validate';
import { clientProject, createInvoice, entry, newClient, pdfText, setStatus } from './helpers';

/** CONTRACT §9 "Sending makes a legal document" and "E-invoice downloads", on DynamoDB Local and local S3. */

const SELLER = {
  name: 'Jörg Weiß',
  street: 'Hauptstraße 1',
  postcode: '10115',
  city: 'Berlin',
  email: 'joerg@example.com',
  phone: '+49 30 1234567',
  vatId: 'DE123456789',
  iban: 'DE89 3704 0044 0532 0130 00',
};

async function draftFor(user: Awaited<ReturnType<typeof newUser>>, client: Record<string, unknown>) {
  const clientId = await newClient(user, `Kunde ${Math.random()}`, client);
  const projectId = await clientProject(user, clientId, 'Website <&> 🚀', 90);
  await entry(user, projectId, '2026-03-02', 90);
  const res = await createInvoice(user, {
    clientId,
    startdate: '2026-03-01',
    enddate: '2026-03-31',
    taxRate: 19,
  });
  return { id: res.body._id as string, clientId };
}

describe('sending an invoice', () => {
  it('refuses an incomplete one with INVOICE_INCOMPLETE naming each missing value, and keeps it a draft', async () => {
    const user = await newUser();
    const { id } = await draftFor(user, {});
    const res = await setStatus(user, id, { status: 'sent' });
    expect(res.status).toBe(400);
    const params = res.body.errors.map((e: { param: string }) => e.param);
    expect(params).toEqual(
      expect.arrayContaining([
        'invoicesettings.name',
        'invoicesettings.street',
        'invoicesettings.iban',
        'invoicesettings.vatId',
        'client.postcode',
        'client.city',
      ]),
    );
    expect(res.body.errors.every((e: { code: string }) => e.code === 'INVOICE_INCOMPLETE')).toBe(true);
    expect((await call('GET', `/api/invoices/${id}`, { token: user.token })).body).toMatchObject({
      status: 'draft',
      documents: [],
      taxCategory: 'S',
    });
    expect((await call('GET', `/api/invoices/${id}/xrechnung`, { token: user.token })).status).toBe(409);
  });

  it('stores the PDF, CII and UBL once, answers the same bytes after the client and settings change, and a void issues a credit note whose documents pass the rules too', async () => {
    const user = await newUser();
    await call('PUT', '/api/invoicesettings', { token: user.token, body: SELLER });
    const { id, clientId } = await draftFor(user, { postcode: '80331', city: 'München' });

    const sent = await setStatus(user, id, { status: 'sent' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const read = await call('GET', `/api/invoices/${id}`, { token: user.token });
    const documents = read.body.documents as { kind: string; sha256: string; bytes: number }[];
    expect(documents.map((d) => d.kind).sort()).toEqual(['pdf', 'ubl', 'xrechnung']);

    const download = async (of = id) =>
      Promise.all(
        ['pdf', 'xrechnung', 'ubl'].map(async (kind) => {
          const res = await call('GET', `/api/invoices/${of}/${kind}`, { token: user.token });
          expect(res.status).toBe(200);
          const bytes = typeof res.body === 'string' ? Buffer.from(res.body) : Buffer.from(res.body);
          return {
            kind,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            bytes: bytes.length,
            data: bytes,
          };
        }),
      );
    const downloaded = await download();
    const first = downloaded.map(({ data: _data, ...d }) => d);
    for (const d of first) expect(documents).toContainEqual(d);

    await call('PUT', `/api/clients/${clientId}`, {
      token: user.token,
      body: { city: 'Hamburg', name: 'Neu' },
    });
    await call('PUT', '/api/invoicesettings', { token: user.token, body: { street: 'Andere Straße 9' } });
    expect((await download()).map(({ data: _data, ...d }) => d)).toEqual(first);

    // Voided: a credit note with documents of its own, mirroring the invoice as it was sent.
    const voided = await setStatus(user, id, { status: 'void' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const noteId = voided.body.creditNoteId as string;
    const note = await call('GET', `/api/invoices/${noteId}`, { token: user.token });
    const credited = await download(noteId);
    for (const { data: _data, ...d } of credited) expect(note.body.documents).toContainEqual(d);
    const cii = credited.find((d) => d.kind === 'xrechnung')!.data.toString('utf8');
    expect(cii).toContain('<ram:TypeCode>381</ram:TypeCode>');
    const issued = String(read.body.sentAt).slice(0, 10).replaceAll('-', '');
    // BG-3: the invoice's number and issue date.
    expect(cii).toContain(
      `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${read.body.number}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${issued}</qdt:DateTimeString>`,
    );
    expect(cii).toContain('<ram:CityName>München</ram:CityName>');
    const pdf = pdfText(new Uint8Array(credited.find((d) => d.kind === 'pdf')!.data));
    expect(pdf).toContain(`Credit note (Stornorechnung) ${note.body.number}`);
    expect(pdf).toContain(`Cancels invoice ${read.body.number} of`);

    // What a buyer downloads passes the official rules (EN 16931 and XRechnung 3.0; the Factur-X
    // PDFs EN 16931 only, as they claim no XRechnung): the invoice and its credit note, one batch.
    const result = await validateBatch(
      [
        ...downloaded.map((d) => ({ ...d, doc: 'invoice' })),
        ...credited.map((d) => ({ ...d, doc: 'credit' })),
      ].map(({ kind, data, doc }) => ({
        name: kind === 'pdf' ? `${doc}.pdf` : `${doc}-${kind}.xml`,
        bytes: new Uint8Array(data),
        ...(kind === 'pdf' ? { en16931Only: true } : {}),
      })),
    );
    expect(result.errors, describeErrors(result)).toEqual([]);
    expect(result.passed).toBe(6);
  }, 300_000); // two documents drawn and stored, then the official rules loaded (Saxon) on a shared machine

  it('refuses a VAT rate above 0 % and below 0.5 % with EINVOICE_TAX_RATE (EN 16931 rounds it to 0 %), and sends at 0.5 %', async () => {
    const user = await newUser();
    await call('PUT', '/api/invoicesettings', { token: user.token, body: SELLER });
    const { id } = await draftFor(user, { postcode: '80331', city: 'München' });
    await call('PUT', `/api/invoices/${id}`, { token: user.token, body: { taxRate: 0.3 } });

    const refused = await setStatus(user, id, { status: 'sent' });

    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ code: 'EINVOICE_TAX_RATE', param: 'taxRate' }),
    ]);
    expect((await call('GET', `/api/invoices/${id}`, { token: user.token })).body).toMatchObject({
      status: 'draft',
      documents: [],
    });
    await call('PUT', `/api/invoices/${id}`, { token: user.token, body: { taxRate: 0.5 } });
    const sent = await setStatus(user, id, { status: 'sent' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ taxRate: 0.5, subtotal: 135, tax: 0.68 });
    const cii = await call('GET', `/api/invoices/${id}/xrechnung`, { token: user.token });
    const result = await validateBatch([
      { name: 'half-percent.xml', bytes: new Uint8Array(Buffer.from(cii.body)) },
    ]);
    expect(result.errors, describeErrors(result)).toEqual([]);
  }, 300_000);
});
