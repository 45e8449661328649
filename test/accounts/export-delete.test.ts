import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { userKey } from '../../functions/data/identity/users';
import { sweepDeletions } from '../../functions/domain/account/deletions';
import { ACCOUNT_WRITE_GRACE_MS } from '../../functions/domain/identity/accounts';
import { budgetOf } from '../../functions/lib/budget';
import { signToken } from '../../functions/lib/jwt';
import { call } from '../api';
import { clientProject, createInvoice, entry, newClient, setStatus } from '../invoices/helpers';
import { cheapPasswordHash, PASSWORD, scanTable, seedUser, signUp } from './helpers';

/** A project with one time entry and one income and one expense entry, through the real endpoints. */
async function fillAccount(token: string) {
  const project = await call('POST', '/api/projects', {
    token,
    body: { name: 'Website for Acme', description: 'Redesign' },
  });
  expect([200, 201]).toContain(project.status);
  const projectId = project.body._id as string;
  const time = await call('POST', '/api/timeactivities', {
    token,
    body: {
      projectId,
      activity: 'Design',
      description: 'Landing page',
      date: '2026-03-02T00:00:00.000Z',
      startTime: '2026-03-02T09:00:00.000Z',
      endTime: '2026-03-02T10:30:00.000Z',
      duration: 5_400_000,
    },
  });
  expect([200, 201]).toContain(time.status);
  const income = await call('POST', '/api/financeactivities', {
    token,
    body: {
      projectId,
      activity: 'Invoice',
      description: 'March',
      date: '2026-03-31T00:00:00.000Z',
      amount: 1234.5,
    },
  });
  const expense = await call('POST', '/api/financeactivities', {
    token,
    body: {
      projectId,
      activity: 'Software',
      description: 'Fonts',
      date: '2026-03-05T00:00:00.000Z',
      amount: 19.99,
      expense: true,
    },
  });
  for (const res of [income, expense]) expect([200, 201]).toContain(res.status);
  return { projectId, timeId: time.body._id as string };
}

describe('GET /api/exportuserdata', () => {
  it('answers the user’s data in the API shapes as a JSON attachment named after the user', async () => {
    const user = await seedUser({ name: 'Zoë Ångström' });
    const token = await signToken({ sub: user._id, ver: 0 });
    const { projectId, timeId } = await fillAccount(token);
    const other = await seedUser();
    await fillAccount(await signToken({ sub: other._id, ver: 0 }));

    const res = await call('GET', '/api/exportuserdata', { token });

    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="timeledger-zoe-angstrom-${today}.json"`,
    );
    expect(res.headers['content-type']).toContain('application/json');
    expect(Object.keys(res.body).sort()).toEqual([
      'apiTokens',
      'clients',
      'exportedAt',
      'financeActivities',
      'invoiceSettings',
      'invoices',
      'projects',
      'recurringExpenses',
      'timeActivities',
      'timer',
      'user',
    ]);
    expect(res.body.user).toMatchObject({ _id: user._id, name: 'Zoë Ångström', email: user.email });
    expect(res.body.projects).toEqual([
      expect.objectContaining({
        _id: projectId,
        name: 'Website for Acme',
        totalHours: 5_400_000,
        totalIncome: 1234.5,
        totalExpenses: 19.99,
      }),
    ]);
    expect(res.body.timeActivities).toEqual([
      expect.objectContaining({ _id: timeId, projectId, activity: 'Design', duration: 5_400_000 }),
    ]);
    expect(res.body.invoices).toEqual([]);
    expect(res.body.financeActivities).toHaveLength(2);
    expect(res.body.financeActivities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amount: 1234.5, expense: false }),
        expect.objectContaining({ amount: 19.99, expense: true }),
      ]),
    );
    expect(Number.isNaN(Date.parse(res.body.exportedAt))).toBe(false);
    // Nothing internal: no keys, hashes, rollups or counters.
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|tokenVersion|"PK"|"SK"|Cents|DAY#|COUNTERS/);
  });

  it('holds everything the account keeps: clients, the issuer’s details, invoices with their lines, the timer, API token names', async () => {
    const user = await seedUser({ passwordHash: cheapPasswordHash() });
    const token = await signToken({ sub: user._id, ver: 0 });
    const me = { userId: user._id, token };
    const clientId = await newClient(me, 'Müller & Söhne 🏭', {
      address: 'Königsallee 1',
      street: 'Königsallee 1',
      postcode: '40212',
      city: 'Düsseldorf',
      taxId: 'DE811234567',
    });
    const projectId = await clientProject(me, clientId, 'Website', 80);
    await entry(me, projectId, '2026-03-02', 90);
    const settings = await call('PUT', '/api/invoicesettings', {
      token,
      // Sending needs the seller's details of an e-invoice (CONTRACT §9).
      body: {
        name: 'Zoë Design',
        street: 'Hauptstraße 5',
        postcode: '10115',
        city: 'Berlin',
        email: 'zoe@example.com',
        phone: '+49 30 1234567',
        vatId: 'DE123456789',
        iban: 'DE89370400440532013000',
        bankDetails: 'IBAN DE89…',
      },
    });
    expect(settings.status).toBe(200);
    const draft = await createInvoice(me, { clientId, startdate: '2026-03-01', enddate: '2026-03-31' });
    expect(draft.status).toBe(201);
    expect((await setStatus(me, draft.body._id, { status: 'sent' })).status).toBe(200);
    const timer = await call('POST', '/api/timer', { token, body: { projectId, activity: 'Call 📞' } });
    expect(timer.status).toBe(201);
    const apiToken = await call('POST', '/api/apitokens', {
      token,
      body: { name: 'Backup script', scope: 'read', password: PASSWORD },
    });
    expect(apiToken.status).toBe(201);

    const res = await call('GET', '/api/exportuserdata', { token });

    expect(res.status).toBe(200);
    expect(res.body.clients).toEqual([
      expect.objectContaining({ _id: clientId, name: 'Müller & Söhne 🏭', address: 'Königsallee 1' }),
    ]);
    expect(res.body.invoiceSettings).toEqual(settings.body);
    expect(res.body.invoices).toEqual([
      expect.objectContaining({
        _id: draft.body._id,
        status: 'sent',
        client: expect.objectContaining({ name: 'Müller & Söhne 🏭' }),
        lines: [expect.objectContaining({ projectId, hours: 1.5, rate: 80, amount: 120 })],
      }),
    ]);
    expect(res.body.timeActivities).toEqual([expect.objectContaining({ invoiceId: draft.body._id })]);
    expect(res.body.timer).toMatchObject({ running: true, activity: 'Call 📞', projectId });
    expect(res.body.apiTokens).toEqual([
      expect.objectContaining({ _id: apiToken.body._id, name: 'Backup script', scope: 'read' }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(apiToken.body.token);
  });

  it('reads every page of a large account', async () => {
    const user = await seedUser();
    const token = await signToken({ sub: user._id, ver: 0 });
    // The export holds the entries of live projects only.
    const project = await call('POST', '/api/projects', { token, body: { name: 'Large' } });
    // ~1.4 MB of activities: more than one 1 MB Query page.
    const note = 'n'.repeat(1800);
    const items = Array.from({ length: 800 }, (_, i) => ({
      ...userKey(user._id),
      SK: `FIN#${String(i).padStart(5, '0')}`,
      activityId: String(i).padStart(5, '0'),
      userId: user._id,
      projectId: project.body._id,
      activity: 'Invoice',
      description: '',
      date: '2026-01-01T00:00:00.000Z',
      amountCents: 100,
      expense: false,
      notes: note,
    }));
    for (let i = 0; i < items.length; i += 25) {
      await ddb.send(
        new BatchWriteCommand({
          RequestItems: { [TABLE]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    }

    const res = await call('GET', '/api/exportuserdata', { token });

    expect(res.status).toBe(200);
    expect(res.body.financeActivities).toHaveLength(800);
  });
});

describe('DELETE /api/users', () => {
  it('deletes every item of the account, its email guard and its tokens, and nothing of others', async () => {
    const { email, token, userId } = await signUp();
    await fillAccount(token);
    await call('POST', '/api/forgotpassword', { body: { email } });
    const other = await seedUser();
    await fillAccount(await signToken({ sub: other._id, ver: 0 }));
    const before = await scanTable();
    const othersBefore = before.filter((item) => !JSON.stringify(item).includes(userId));
    expect(before.filter((item) => item.PK === `USER#${userId}`).length).toBeGreaterThan(5);

    const res = await call('DELETE', '/api/users', { token, body: { password: PASSWORD } });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'User deleted' });
    // Until requests already under way can no longer write, only a tombstone of the profile stays:
    // no name, email or password hash, listed for the sweep.
    const tombstones = (await scanTable()).filter((item) => JSON.stringify(item).includes(userId));
    expect(tombstones).toEqual([expect.objectContaining({ SK: 'PROFILE', GSI1PK: 'DELETION' })]);
    expect(JSON.stringify(tombstones)).not.toMatch(/passwordHash|"name"|"email"|@/);
    await sweepDeletions(budgetOf(60_000), Date.now() + ACCOUNT_WRITE_GRACE_MS);
    const after = await scanTable();
    // Nothing of the user remains: no partition item, no email guard, no token (a Scan, not a Query).
    expect(after.filter((item) => JSON.stringify(item).includes(userId))).toEqual([]);
    expect(
      after.filter((item) => String(item.PK).includes(email.toLowerCase()) && item.SK === 'EMAIL'),
    ).toEqual([]);
    // Everybody else's items are untouched (rate counters aside, which belong to no one).
    const othersAfter = after.filter((item) => !String(item.PK).startsWith('RATE#'));
    expect(othersAfter).toHaveLength(
      othersBefore.filter((item) => !String(item.PK).startsWith('RATE#')).length,
    );
  });

  it('ends the session, and the email can sign up again', async () => {
    const { email, token } = await signUp();
    expect((await call('DELETE', '/api/users', { token, body: { password: PASSWORD } })).status).toBe(200);

    expect((await call('GET', '/api/auth', { token })).status).toBe(401);
    expect((await call('DELETE', '/api/users', { token, body: { password: PASSWORD } })).status).toBe(401);
    expect(
      (await call('POST', '/api/auth', { body: { email, password: PASSWORD } })).body.errors[0].msg,
    ).toBe('Invalid Credentials');
    expect(
      (await call('POST', '/api/users', { body: { name: 'Again', email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('refuses to delete the demo account with 403 and keeps it', async () => {
    const demo = await seedUser({ isDemo: true, premium: true, email: 'demo@timeledger.app' });
    const token = await signToken({ sub: demo._id, ver: 0 });

    const res = await call('DELETE', '/api/users', { token, body: { password: PASSWORD } });

    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({
      msg: 'The demo account’s settings cannot be changed',
      code: 'DEMO_READ_ONLY_ACCOUNT_SETTINGS',
    });
    expect((await call('GET', '/api/auth', { token })).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await call('DELETE', '/api/users')).status).toBe(401);
  });
});
