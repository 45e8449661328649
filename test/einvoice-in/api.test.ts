import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { countersKey } from '../../functions/data/core/keys';
import { facturxPdf } from '../../functions/domain/billing/einvoice/facturx';
import { xrechnungUbl } from '../../functions/domain/billing/einvoice/ubl';
import { xrechnungCii } from '../../functions/domain/billing/einvoice/xrechnung';
import { matchRoute } from '../../functions/routes-match';
import { loadHandler, toApiGatewayEvent } from '../../infra/local/lambda-events';
import { expectTotalsConsistent, newProject, newUser, partition, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { sampleDocument } from '../einvoice/samples';
import { CII_DE, edited, plainPdf, UBL_NL } from './documents';

/**
 * `POST /api/expenses/einvoice` on DynamoDB Local, through the route table as API Gateway calls it
 * (CONTRACT §9 "E-invoices received"): the expense's figures to the cent, through the same write
 * path as a typed one (totals, rollups, tax months, the free item limit); 400 with nothing stored;
 * 409 for the same seller and number, also for uploads at the same moment; 404 for a project
 * that is not the caller's.
 */

const PATH = '/api/expenses/einvoice';

const upload = (user: TestUser, projectid: string, body: string | Uint8Array, contentType?: string) =>
  call('POST', PATH, {
    token: user.token,
    query: { projectid },
    headers: {
      'content-type': contentType ?? (typeof body === 'string' ? 'application/xml' : 'application/pdf'),
    },
    ...(typeof body === 'string' ? { rawBody: body } : { rawBytes: Buffer.from(body) }),
  });

/** The same request as API Gateway sends a body it base64-encodes (a binary media type). */
async function uploadBase64(user: TestUser, projectid: string, bytes: Uint8Array, contentType: string) {
  const match = matchRoute('POST', PATH);
  if (!match || 'methodNotAllowed' in match) throw new Error('no route');
  const event = toApiGatewayEvent(
    {
      method: 'POST',
      url: `${PATH}?projectid=${projectid}`,
      headers: { host: 'localhost', 'x-auth-token': user.token, 'content-type': contentType },
      sourceIp: '127.0.0.1',
    },
    match.route,
    match.pathParameters,
    Buffer.alloc(0),
  );
  const handler = await loadHandler(match.route.handler);
  const result = await handler(
    { ...event, body: Buffer.from(bytes).toString('base64'), isBase64Encoded: true },
    {} as never,
  );
  return { status: result.statusCode, body: JSON.parse(result.body ?? '{}') };
}

const fins = async (userId: string) =>
  (await partition(userId)).filter((i) => String(i.SK).startsWith('FIN#'));

let user: TestUser;
let projectId: string;

beforeAll(async () => {
  user = await newUser({ premium: true });
  projectId = await newProject(user, 'Office');
});

describe('POST /api/expenses/einvoice', () => {
  it('books a received XRechnung UBL as an expense: net, VAT, issue date, seller, number, to the cent', async () => {
    const res = await upload(user, projectId, UBL_NL.xml);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      projectId,
      activity: 'Van der Berg & Zonen B.V.',
      description: 'Invoice INV/2026/0815',
      date: '2026-04-30T00:00:00.000Z',
      amount: 1234.5,
      vatAmount: 246.9,
      expense: true,
      category: 'other',
    });
    // The file itself is kept as the expense's receipt, in the local S3 server.
    expect(res.body.receipts).toEqual([
      expect.objectContaining({ filename: 'Invoice INV-2026-0815.xml', contentType: 'application/xml' }),
    ]);
    const opened = await call('GET', `/api/receipts/${res.body.receipts[0]._id}`, { token: user.token });
    expect(opened.status).toBe(302);
    const file = await fetch(opened.headers.location as string);
    expect(await file.text()).toBe(UBL_NL.xml);
    const listed = await call('GET', `/api/financeactivities/${projectId}`, { token: user.token });
    expect(listed.body).toContainEqual(expect.objectContaining({ _id: res.body._id, amount: 1234.5 }));
    await expectTotalsConsistent(user.userId);
  });

  it('books the CII of another seller, counts it in the project, the tax month and the tax report', async () => {
    const own = await newUser({ premium: true });
    const project = await newProject(own, 'Supplies');
    const res = await upload(own, project, CII_DE.xml, 'text/xml');

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 89.9, vatAmount: 17.08, activity: 'Bürobedarf Müller GmbH' });
    const projects = await call('GET', '/api/projects', { token: own.token });
    expect(projects.body[0]).toMatchObject({ totalExpenses: 89.9 });
    const report = await call('GET', '/api/taxreport', {
      token: own.token,
      query: { year: '2026', period: 'm1', basis: 'accrual' },
    });
    expect(report.body).toMatchObject({ inputVat: 17.08, expenses: 89.9, vatDue: -17.08 });
    expect(report.body.expensesByCategory).toContainEqual({ category: 'other', net: 89.9 });
    await expectTotalsConsistent(own.userId);
  });

  it('books a Factur-X PDF sent binary (base64-encoded, as API Gateway passes it), and an XML sent the same way', async () => {
    const doc = sampleDocument('S', { number: 'RE-2026-0099', issueDate: '2026-05-04' });
    const pdf = await uploadBase64(
      user,
      projectId,
      (await facturxPdf(doc, await plainPdf())).bytes,
      'application/pdf',
    );
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({ amount: 1174.99, vatAmount: 223.25, date: '2026-05-04T00:00:00.000Z' });

    const cii = xrechnungCii(sampleDocument('Z', { number: 'RE-2026-0100' }));
    const xml = await uploadBase64(user, projectId, Buffer.from(cii), 'application/xml');
    expect(xml.status).toBe(201);
    expect(xml.body).toMatchObject({ amount: 1174.99, vatAmount: 0, description: 'Invoice RE-2026-0100' });
  });

  it('refuses the same seller and number again with 409, whatever the syntax, and stores nothing more', async () => {
    const doc = sampleDocument('S', { number: 'RE-2026-0200' });
    expect((await upload(user, projectId, xrechnungCii(doc))).status).toBe(201);
    const before = await fins(user.userId);

    for (const again of [xrechnungUbl(doc), (await facturxPdf(doc, await plainPdf())).bytes]) {
      const res = await upload(user, projectId, again);
      expect(res.status).toBe(409);
      expect(res.body.errors[0]).toMatchObject({
        code: 'EINVOICE_DUPLICATE',
        msg: 'Invoice RE-2026-0200 of Jana Schmidt Webentwicklung has already been booked',
      });
    }
    expect(await fins(user.userId)).toEqual(before);
    // Another seller's invoice with the same number is another invoice.
    const other = edited(xrechnungUbl(doc), [
      [/Jana Schmidt Webentwicklung/g, 'Other GmbH'],
      [/DE123456789/g, 'DE987654321'],
    ]);
    expect((await upload(user, projectId, other)).status).toBe(201);
  });

  it('books one expense of five identical uploads at the same moment; the others answer 409', async () => {
    const own = await newUser({ premium: true });
    const project = await newProject(own);
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(own, project, UBL_NL.xml)));

    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await fins(own.userId)).toHaveLength(1);
    await expectTotalsConsistent(own.userId);
  });

  it('books the invoice again once its expense was deleted', async () => {
    const own = await newUser({ premium: true });
    const project = await newProject(own);
    const first = await upload(own, project, CII_DE.xml);
    await call('DELETE', `/api/financeActivities/${first.body._id}`, { token: own.token });

    expect((await upload(own, project, CII_DE.xml)).status).toBe(201);
    await expectTotalsConsistent(own.userId);
  });

  it('answers 400 EINVOICE_UNREADABLE for what is not an invoice, and stores nothing', async () => {
    const own = await newUser({ premium: true });
    const project = await newProject(own);
    const creditNote = edited(CII_DE.xml, [['>380<', '>381<']]);
    for (const [body, type] of [
      ['<html><body>Rechnung</body></html>', 'text/html'],
      ['not xml at all', 'application/xml'],
      [creditNote, 'application/xml'],
      [await plainPdf(), 'application/pdf'],
      [new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00, 0x13]), 'application/pdf'],
      ['', 'application/xml'],
    ] as const) {
      const res = await upload(own, project, body, type);
      expect(res.status, String(type)).toBe(400);
      expect(res.body.errors[0].code).toBe('EINVOICE_UNREADABLE');
    }
    expect(await fins(own.userId)).toEqual([]);
  });

  it('answers 400 EINVOICE_CURRENCY for an invoice in another currency than the account’s', async () => {
    const usd = xrechnungCii(sampleDocument('S', { number: 'US-1', currency: 'USD' }));
    const res = await upload(user, projectId, usd);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      code: 'EINVOICE_CURRENCY',
      values: { currency: 'USD', accountCurrency: 'EUR' },
    });
  });

  it('answers 404 for another user’s project and for an id that cannot exist, 400 without a project', async () => {
    const other = await newUser({ premium: true });
    const theirs = await newProject(other);
    expect((await upload(user, theirs, UBL_NL.xml)).status).toBe(404);
    expect((await upload(user, 'not-a-ulid', UBL_NL.xml)).status).toBe(404);
    const none = await call('POST', PATH, {
      token: user.token,
      rawBody: UBL_NL.xml,
      headers: { 'content-type': 'application/xml' },
    });
    expect(none.status).toBe(400);
    expect(await fins(other.userId)).toEqual([]);
  });

  it('answers 403 FREE_ITEM_LIMIT for a free account that holds 125 items, and 413 above 10 MB', async () => {
    const free = await newUser();
    const project = await newProject(free);
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: countersKey(free.userId),
        UpdateExpression: 'SET activityCount = :n',
        ExpressionAttributeValues: { ':n': 125 },
      }),
    );
    const res = await upload(free, project, UBL_NL.xml);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('FREE_ITEM_LIMIT');

    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x20);
    expect((await upload(user, projectId, big, 'application/pdf')).status).toBe(413);
  });
});
