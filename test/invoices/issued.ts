import { createHash } from 'node:crypto';
import { newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { clientProject, createInvoice, entry, newClient, setStatus } from './helpers';

/** Helpers of the credit note and email tests: a seller who can send, and sent invoices. */

export const SELLER = {
  name: 'Jörg Weiß',
  street: 'Hauptstraße 1',
  postcode: '10115',
  city: 'Berlin',
  email: 'joerg@example.com',
  phone: '+49 30 1234567',
  vatId: 'DE123456789',
  iban: 'DE89 3704 0044 0532 0130 00',
  numberPrefix: 'RE-',
};

export const YEAR = new Date().getUTCFullYear();
export const numbered = (n: number) => `RE-${YEAR}-${String(n).padStart(4, '0')}`;

export async function sellerReady(user: TestUser) {
  const res = await call('PUT', '/api/invoicesettings', { token: user.token, body: SELLER });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A premium user whose invoice details are complete: their invoices can be sent. */
export async function newSeller(): Promise<TestUser> {
  const user = await newUser({ premium: true });
  await sellerReady(user);
  return user;
}

/**
 * A client with two projects (80 and 33.33 an hour) and billable time in March 2026, and its draft
 * (19 % tax): Website 1.5 h = 120.00, App 1.25 h = 41.66 (41.6625 rounded).
 */
export async function draftOf(user: TestUser, client: Record<string, unknown> = {}) {
  const clientId = await newClient(user, `Müller & Söhne ${Math.random()}`, {
    postcode: '40212',
    city: 'Düsseldorf',
    street: 'Königsallee 1',
    ...client,
  });
  const web = await clientProject(user, clientId, 'Website', 80);
  const app = await clientProject(user, clientId, 'App <&> 🚀', 33.33);
  const entries = [await entry(user, web, '2026-03-02', 90), await entry(user, app, '2026-03-03', 75)];
  const res = await createInvoice(user, {
    clientId,
    startdate: '2026-03-01',
    enddate: '2026-03-31',
    taxRate: 19,
  });
  if (res.status !== 201) throw new Error(`draft: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body._id as string, clientId, web, app, entries };
}

/** A draft as above, sent (numbered, its e-invoice stored). */
export async function sentInvoice(user: TestUser, client: Record<string, unknown> = {}) {
  const draft = await draftOf(user, client);
  const res = await setStatus(user, draft.id, { status: 'sent' });
  if (res.status !== 200) throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...draft, number: res.body.number as string };
}

export const getInvoice = async (user: TestUser, id: string) =>
  (await call('GET', `/api/invoices/${id}`, { token: user.token })).body;

export const listInvoices = async (user: TestUser) =>
  (await call('GET', '/api/invoices', { token: user.token })).body as Record<string, any>[];

/** A download's bytes and SHA-256. */
export async function download(user: TestUser, id: string, kind: 'pdf' | 'xrechnung' | 'ubl') {
  const res = await call('GET', `/api/invoices/${id}/${kind}`, { token: user.token });
  if (res.status !== 200) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
  const bytes = typeof res.body === 'string' ? Buffer.from(res.body) : Buffer.from(res.body as Uint8Array);
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
