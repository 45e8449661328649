import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// Three failed logins per email and address, so that counting wrong codes shows in a few tries.
vi.hoisted(() => {
  process.env.LIMIT_FAILED_LOGINS_PER_EMAIL = '3';
});

import { getTwoFactor } from '../../functions/data/identity/two-factor';
import { hashPassword } from '../../functions/domain/identity/passwords';
import { spendSecondFactor } from '../../functions/domain/identity/second-factor';
import { base32Decode, totp } from '../../functions/domain/identity/totp';
import { signToken } from '../../functions/lib/jwt';
import { inbox, PASSWORD, seedUser } from '../accounts/helpers';
import { partition } from '../activities/helpers';
import { call } from '../api';
import { runs } from '../runs';

/** The code an authenticator app shows for `secret`, `steps` × 30 s from now. */
const codeOf = (secret: string, steps = 0) => totp(base32Decode(secret), Date.now() + steps * 30_000);

// Every scrypt hash costs a second on a loaded machine: the accounts share one, made once.
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** An account whose password is PASSWORD, with a session. */
async function account() {
  const user = await seedUser({ passwordHash, emailConfirmed: true });
  return { email: user.email, userId: user._id, token: await signToken({ sub: user._id, ver: 0 }) };
}

/** An account (used from an address of its own) with 2FA turned on as the app does it. */
async function withTwoFactor(sourceIp = '198.51.100.10') {
  const signedIn = await account();
  const start = await call('POST', '/api/users/2fa', {
    token: signedIn.token,
    body: { password: PASSWORD },
    sourceIp,
  });
  expect(start.status).toBe(200);
  const confirm = await call('POST', '/api/users/2fa/confirm', {
    token: signedIn.token,
    body: { code: codeOf(start.body.secret) },
    sourceIp,
  });
  expect(confirm.status).toBe(200);
  return {
    ...signedIn,
    // Turning it on ended the session from before: the confirmation's answer carries its successor.
    token: confirm.body.token as string,
    sourceIp,
    secret: start.body.secret as string,
    recoveryCodes: confirm.body.recoveryCodes as string[],
  };
}

const login = (email: string, code?: string, sourceIp = '198.51.100.10', password = PASSWORD) =>
  call('POST', '/api/auth', { body: { email, password, ...(code === undefined ? {} : { code }) }, sourceIp });

const me = (token: string) => call('GET', '/api/auth', { token });

describe('turning two-factor sign-in on', { timeout: 120_000 }, () => {
  it('hands out a secret after the password, and turns on only with a code of it', async () => {
    const { token, email } = await account();

    const wrongPassword = await call('POST', '/api/users/2fa', {
      token,
      body: { password: 'not it at all' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors[0]).toMatchObject({ code: 'WRONG_PASSWORD', param: 'password' });

    const start = await call('POST', '/api/users/2fa', { token, body: { password: PASSWORD } });
    expect(start.status).toBe(200);
    expect(start.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.body.otpauthUrl).toBe(
      `otpauth://totp/Timeledger:${encodeURIComponent(email)}?secret=${start.body.secret}&issuer=Timeledger&algorithm=SHA1&digits=6&period=30`,
    );
    expect((await me(token)).body.twoFactor).toBe(false);

    const wrongCode = String((Number(codeOf(start.body.secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call('POST', '/api/users/2fa/confirm', { token, body: { code: wrongCode } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: 'TWO_FACTOR_INVALID', param: 'code' });
    expect((await me(token)).body.twoFactor).toBe(false);

    const confirm = await call('POST', '/api/users/2fa/confirm', {
      token,
      body: { code: codeOf(start.body.secret) },
    });
    expect(confirm.status).toBe(200);
    const codes = confirm.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Sessions from before it was on end (issue 35, item 4); this one goes on with the new token.
    expect((await me(token)).status).toBe(401);
    expect((await me(confirm.body.token)).body.twoFactor).toBe(true);
    // The address is told (a security email), and no code is in it.
    const mails = await inbox(email);
    expect(mails.map((m) => m.subject)).toEqual(['Two-factor sign-in is now on for your Timeledger account']);
    for (const code of codes) expect(mails[0]?.body.text).not.toContain(code);
  });

  it('stores the recovery codes only as hashes', async () => {
    const { userId, recoveryCodes } = await withTwoFactor('198.51.100.2');

    const stored = JSON.stringify(await partition(userId), (_, v) => (v instanceof Set ? [...v] : v));
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect((await getTwoFactor(userId))?.recoveryCodesLeft).toBe(10);
  });

  it('answers 409 to a confirm without a setup, and to a setup when it is on already', async () => {
    const { token } = await account();
    const early = await call('POST', '/api/users/2fa/confirm', { token, body: { code: '123456' } });
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe('TWO_FACTOR_NOT_STARTED');

    const on = await withTwoFactor('198.51.100.4');
    const again = await call('POST', '/api/users/2fa', { token: on.token, body: { password: PASSWORD } });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('TWO_FACTOR_ALREADY_ON');
  });

  it('is not for the demo account (403) nor for an API token (403)', async () => {
    const demo = await seedUser({ isDemo: true });
    const res = await call('POST', '/api/users/2fa', {
      token: await signToken({ sub: demo._id, ver: 0 }),
      body: { password: 'anything' },
    });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('DEMO_READ_ONLY_ACCOUNT_SETTINGS');

    const { token } = await account();
    const created = await call('POST', '/api/apitokens', {
      token,
      body: { name: 'x', scope: 'write', password: PASSWORD },
    });
    const byToken = await call('POST', '/api/users/2fa', {
      headers: { authorization: `Bearer ${created.body.token}` },
      body: { password: PASSWORD },
    });
    expect(byToken.status).toBe(403);
    expect(byToken.body.errors[0].code).toBe('API_TOKEN_NOT_ALLOWED');
  });
});

describe('signing in with two-factor sign-in on', { timeout: 120_000 }, () => {
  it('asks for the code, refuses a wrong one, and accepts a valid code once', async () => {
    const { email, secret, userId } = await withTwoFactor('198.51.100.20');

    const without = await login(email, undefined, '198.51.100.20');
    expect(without.status).toBe(401);
    expect(without.body.errors[0]).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    expect(without.body).not.toHaveProperty('token');

    const wrong = await login(email, '000000' === codeOf(secret, 1) ? '111111' : '000000', '198.51.100.20');
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].code).toBe('TWO_FACTOR_INVALID');

    // The code used to confirm the setup is spent already; the next step's is not.
    const code = codeOf(secret, 1);
    const ok = await login(email, code, '198.51.100.20');
    expect(ok.status).toBe(200);
    expect((await me(ok.body.token)).body._id).toBe(userId);

    const replay = await login(email, code, '198.51.100.21');
    expect(replay.status).toBe(401);
    expect(replay.body.errors[0].code).toBe('TWO_FACTOR_INVALID');
  });

  it('still answers a wrong password with 400 Invalid Credentials, whatever the code', async () => {
    const { email, secret } = await withTwoFactor('198.51.100.22');
    const res = await login(email, codeOf(secret, 1), '198.51.100.22', 'a wrong password here');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('INVALID_CREDENTIALS');
  });

  it('accepts each recovery code once, however it is typed', async () => {
    const { email, recoveryCodes, userId } = await withTwoFactor('198.51.100.23');
    const [first, second] = recoveryCodes as [string, string];

    expect((await login(email, first, '198.51.100.23')).status).toBe(200);
    const again = await login(email, first, '198.51.100.23');
    expect(again.status).toBe(401);
    expect(again.body.errors[0].code).toBe('TWO_FACTOR_INVALID');

    const typed = ` ${second.toUpperCase().replace('-', ' ')} `;
    expect((await login(email, typed, '198.51.100.23')).status).toBe(200);
    expect((await getTwoFactor(userId))?.recoveryCodesLeft).toBe(8);
  });

  it('lets only one of several simultaneous sign-ins with the same code in (TOTP and recovery code)', async () => {
    const { email, secret, recoveryCodes } = await withTwoFactor('198.51.100.24');
    const code = codeOf(secret, 1);
    const totpRace = await Promise.all([1, 2, 3, 4].map((i) => login(email, code, `198.51.100.${30 + i}`)));
    expect(totpRace.filter((r) => r.status === 200)).toHaveLength(1);
    expect(totpRace.filter((r) => r.status === 401)).toHaveLength(3);

    const recoveryRace = await Promise.all(
      [1, 2, 3, 4].map((i) => login(email, recoveryCodes[0], `198.51.100.${40 + i}`)),
    );
    expect(recoveryRace.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('counts wrong codes as failed logins (429 past the limit), but not a sign-in that only lacks the code', async () => {
    const { email, secret } = await withTwoFactor('198.51.100.50');
    const ip = '198.51.100.51';
    for (let i = 0; i < 5; i++) expect((await login(email, undefined, ip)).status).toBe(401);
    expect((await login(email, codeOf(secret, 1), ip)).status).toBe(200);

    for (let i = 0; i < 3; i++) {
      expect((await login(email, '999999' === codeOf(secret) ? '888888' : '999999', ip)).status).toBe(401);
    }
    const limited = await login(email, codeOf(secret, 1), ip);
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0].code).toBe('TOO_MANY_LOGINS');
  });

  it('refuses any code that is not a valid one and spends nothing (generated codes)', async () => {
    const { userId, secret, recoveryCodes } = await withTwoFactor('198.51.100.52');
    const valid = new Set([-1, 0, 1].map((s) => codeOf(secret, s)));
    const recovery = new Set(recoveryCodes.map((c) => c.replace('-', '')));
    const candidate = fc.oneof(
      fc.stringMatching(/^\d{6}$/),
      fc.stringMatching(/^[a-z2-7]{5}-?[a-z2-7]{5}$/),
      fc.string({ maxLength: 32 }),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(candidate, async (code) => {
        fc.pre(!valid.has(code.trim()) && !recovery.has(code.replace(/[\s-]/g, '').toLowerCase()));
        expect(await spendSecondFactor(userId, code)).toBe(false);
      }),
      { numRuns: runs(80, 20) },
    );
    expect((await getTwoFactor(userId))?.recoveryCodesLeft).toBe(10);
  });
});

describe('turning two-factor sign-in off', { timeout: 120_000 }, () => {
  it('needs the password and a code; then signing in needs no code', async () => {
    const { token, email, secret } = await withTwoFactor('198.51.100.60');
    const del = (body: unknown) =>
      call('DELETE', '/api/users/2fa', { token, body, sourceIp: '198.51.100.61' });

    const wrongPassword = await del({ password: 'not the password', code: codeOf(secret, 1) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors[0].code).toBe('WRONG_PASSWORD');
    const wrongCode = await del({ password: PASSWORD, code: 'abcde-fghij' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.errors[0]).toMatchObject({ code: 'TWO_FACTOR_INVALID', param: 'code' });
    const missing = await del({ password: PASSWORD });
    expect(missing.status).toBe(400);
    expect((await me(token)).body.twoFactor).toBe(true);

    expect((await del({ password: PASSWORD, code: codeOf(secret, 1) })).status).toBe(204);

    expect((await me(token)).body.twoFactor).toBe(false);
    expect((await inbox(email)).map((m) => m.subject)).toEqual([
      'Two-factor sign-in is now on for your Timeledger account',
      'Two-factor sign-in is now off for your Timeledger account',
    ]);
    expect((await login(email, undefined, '198.51.100.62')).status).toBe(200);
    const again = await del({ password: PASSWORD, code: codeOf(secret, 1) });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('TWO_FACTOR_OFF');
  });

  it('takes a recovery code instead of the app’s code', async () => {
    const { token, recoveryCodes } = await withTwoFactor('198.51.100.63');
    const res = await call('DELETE', '/api/users/2fa', {
      token,
      body: { password: PASSWORD, code: recoveryCodes[9] },
      sourceIp: '198.51.100.63',
    });
    expect(res.status).toBe(204);
    expect((await me(token)).body.twoFactor).toBe(false);
  });
});
