import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newUser } from '../activities/helpers';
import { call } from '../api';
import { describeErrors, validateBatch } from '../einvoice/validate';
import { clientProject, createInvoice, entry, newClient, setStatus } from './helpers';

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

  it('stores the PDF, CII and UBL once and answers the same bytes after the client and settings change', async () => {
    const user = await newUser();
    await call('PUT', '/api/invoicesettings', { token: user.token, body: SELLER });
    const { id, clientId } = await draftFor(user, { postcode: '80331', city: 'München' });

    const sent = await setStatus(user, id, { status: 'sent' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const read = await call('GET', `/api/invoices/${id}`, { token: user.token });
    const documents = read.body.documents as { kind: string; sha256: string; bytes: number }[];
    expect(documents.map((d) => d.kind).sort()).toEqual(['pdf', 'ubl', 'xrechnung']);

    const download = async () =>
      Promise.all(
        ['pdf', 'xrechnung', 'ubl'].map(async (kind) => {
          const res = await call('GET', `/api/invoices/${id}/${kind}`, { token: user.token });
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

    // What a buyer downloads passes the official rules (EN 16931 and XRechnung 3.0; the Factur-X PDF
    // EN 16931 only, as it claims no XRechnung).
    const result = await validateBatch(
      downloaded.map(({ kind, data }) => ({
        name: kind === 'pdf' ? 'invoice.pdf' : `${kind}.xml`,
        bytes: new Uint8Array(data),
        ...(kind === 'pdf' ? { en16931Only: true } : {}),
      })),
    );
    expect(result.errors, describeErrors(result)).toEqual([]);
    expect(result.passed).toBe(3);

    await call('PUT', `/api/clients/${clientId}`, {
      token: user.token,
      body: { city: 'Hamburg', name: 'Neu' },
    });
    await call('PUT', '/api/invoicesettings', { token: user.token, body: { street: 'Andere Straße 9' } });
    expect((await download()).map(({ data: _data, ...d }) => d)).toEqual(first);
  }, 120_000); // the official rules load in about 5 s each on a quiet machine, far longer under load
});
