import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { userKey } from '../../functions/data/identity/users';
import { voucherKey } from '../../functions/data/identity/vouchers';
import { createVouchers } from '../../functions/domain/identity/vouchers';
import { signToken } from '../../functions/lib/jwt';
import { call } from '../api';
import { seedUser } from './helpers';

async function session(overrides: Parameters<typeof seedUser>[0] = {}) {
  const user = await seedUser(overrides);
  return { user, token: await signToken({ sub: user._id, ver: 0 }) };
}

const storedProfile = async (userId: string) =>
  (await ddb.send(new GetCommand({ TableName: TABLE, Key: userKey(userId) }))).Item;

describe('POST /api/usersettings', () => {
  it('changes the given settings, keeps the others, and answers the updated user', async () => {
    const { user, token } = await session();

    const res = await call('POST', '/api/usersettings', {
      token,
      body: { currency: 'ZAR', numberFormat: 'de-DE', enableEmbedding: true, hasSeenTutorial: true },
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: user._id,
      currency: 'ZAR',
      numberFormat: 'de-DE',
      enableEmbedding: true,
      hasSeenTutorial: true,
      showPoweredBy: true,
      name: user.name,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|tokenVersion/);
    expect((await call('GET', '/api/auth', { token })).body).toMatchObject({
      currency: 'ZAR',
      numberFormat: 'de-DE',
    });
  });

  it('keeps the week start: Monday until the user chooses Sunday or Saturday', async () => {
    const { token } = await session();
    expect((await call('GET', '/api/auth', { token })).body.weekStart).toBe('monday');

    const res = await call('POST', '/api/usersettings', { token, body: { weekStart: 'sunday' } });

    expect(res.status).toBe(200);
    expect(res.body.weekStart).toBe('sunday');
    expect((await call('GET', '/api/auth', { token })).body.weekStart).toBe('sunday');
  });

  it('accepts the same path with a trailing slash, as the specification writes it', async () => {
    const { token } = await session();
    const res = await call('POST', '/api/usersettings/', { token, body: { currency: 'GBP' } });
    expect(res.status).toBe(200);
    expect(res.body.currency).toBe('GBP');
  });

  it.each([
    [{ currency: 'BTC' }, 'Currency must be one of AUD, CHF, EUR, GBP, INR, USD, ZAR', 'currency'],
    [{ numberFormat: 'fr-FR' }, 'Number format must be one of en-US, de-DE, en-ZA, en-GB', 'numberFormat'],
    [{ enableEmbedding: 'yes' }, 'enableEmbedding must be true or false', 'enableEmbedding'],
    [{ hasSeenTutorial: 1 }, 'hasSeenTutorial must be true or false', 'hasSeenTutorial'],
    [{ weekStart: 'friday' }, 'Week starts on must be one of monday, sunday, saturday', 'weekStart'],
  ])('refuses %j with 400 and changes nothing', async (body, msg, param) => {
    const { user, token } = await session();
    const res = await call('POST', '/api/usersettings', { token, body });
    expect(res.status).toBe(400);
    // Each refusal has a code of its own (and its values), so the app can say it in any language.
    expect(res.body).toEqual({
      errors: [
        expect.objectContaining({ msg, param, code: expect.not.stringMatching(/^VALIDATION_ERROR$/) }),
      ],
    });
    expect(await storedProfile(user._id)).toMatchObject({
      currency: 'EUR',
      numberFormat: 'en-US',
      enableEmbedding: false,
      hasSeenTutorial: false,
    });
  });

  it('refuses an array body (the contract fixes an object)', async () => {
    const { token } = await session();
    const res = await call('POST', '/api/usersettings', { token, body: ['EUR', 'en-US'] });
    expect(res.status).toBe(400);
  });

  it('refuses a free user hiding "Powered by" with 403 and lets a premium user do it', async () => {
    const free = await session();
    const premium = await session({ premium: true });

    const refused = await call('POST', '/api/usersettings', {
      token: free.token,
      body: { showPoweredBy: false },
    });
    const allowed = await call('POST', '/api/usersettings', {
      token: premium.token,
      body: { showPoweredBy: false },
    });

    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('PREMIUM_REQUIRED');
    expect((await storedProfile(free.user._id))?.showPoweredBy).toBe(true);
    expect(allowed.status).toBe(200);
    expect(allowed.body.showPoweredBy).toBe(false);
  });

  it('needs a token', async () => {
    expect((await call('POST', '/api/usersettings', { body: { currency: 'USD' } })).status).toBe(401);
  });
});

describe('POST /api/claimvouchercode/{code}', () => {
  it('makes the user premium, answers true, and records who claimed the code', async () => {
    const { user, token } = await session();
    const [code] = await createVouchers(1);

    const res = await call('POST', `/api/claimvouchercode/${code}`, { token });

    expect(res.status).toBe(200);
    expect(res.body).toBe(true);
    expect((await call('GET', '/api/auth', { token })).body.premium).toBe(true);
    const voucher = (await ddb.send(new GetCommand({ TableName: TABLE, Key: voucherKey(code!) }))).Item;
    expect(voucher?.claimedBy).toBe(user._id);
  });

  it('accepts a code typed in lower case, without dashes and with O for 0', async () => {
    const { token } = await session();
    const [code] = await createVouchers(1);
    const typed = code!.replace(/-/g, '').toLowerCase().replace(/0/g, 'o');
    const res = await call('POST', `/api/claimvouchercode/${encodeURIComponent(typed)}`, { token });
    expect(res.status).toBe(200);
  });

  it('refuses a used code and an unknown code with 400 "Invalid voucher code"', async () => {
    const first = await session();
    const second = await session();
    const [code] = await createVouchers(1);
    expect((await call('POST', `/api/claimvouchercode/${code}`, { token: first.token })).status).toBe(200);

    const used = await call('POST', `/api/claimvouchercode/${code}`, { token: second.token });
    const unknown = await call('POST', '/api/claimvouchercode/AAAA-BBBB-CCCC-DDDD', { token: second.token });
    const garbage = await call('POST', '/api/claimvouchercode/not-a-code', { token: second.token });

    for (const res of [used, unknown, garbage]) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0].msg).toBe('Invalid voucher code');
    }
    expect((await storedProfile(second.user._id))?.premium).toBe(false);
  });

  it('lets exactly one of two users racing for one code win', async () => {
    const racers = await Promise.all([session(), session(), session(), session()]);
    const [code] = await createVouchers(1);

    const results = await Promise.all(
      racers.map(({ token }) => call('POST', `/api/claimvouchercode/${code}`, { token })),
    );

    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(racers.length - 1);
    const premium = await Promise.all(
      racers.map(async ({ user }) => (await storedProfile(user._id))?.premium),
    );
    expect(premium.filter(Boolean)).toHaveLength(1);
    const voucher = (await ddb.send(new GetCommand({ TableName: TABLE, Key: voucherKey(code!) }))).Item;
    expect(racers[results.findIndex((r) => r.status === 200)]?.user._id).toBe(voucher?.claimedBy);
  });

  it('refuses the demo account with 403 and leaves the code unclaimed', async () => {
    const demo = await session({ isDemo: true, premium: true });
    const [code] = await createVouchers(1);
    const res = await call('POST', `/api/claimvouchercode/${code}`, { token: demo.token });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('DEMO_READ_ONLY_ACCOUNT_SETTINGS');
    const voucher = (await ddb.send(new GetCommand({ TableName: TABLE, Key: voucherKey(code!) }))).Item;
    expect(voucher?.claimedBy).toBeUndefined();
  });
});
