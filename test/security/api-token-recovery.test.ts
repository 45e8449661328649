import { describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../functions/domain/identity/totp';
import { signToken } from '../../functions/lib/jwt';
import { cheapPasswordHash, linkToken, PASSWORD, seedUser } from '../accounts/helpers';
import { partition } from '../activities/helpers';
import { call } from '../api';

/**
 * Issue 35, item 4: an API token is no way to keep an account after its recovery. Creating one
 * asks for the password (and a code with 2FA on); a password reset and "log out everywhere"
 * revoke every token; a password change does unless asked to keep them (DynamoDB Local).
 */

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function account() {
  const user = await seedUser({ passwordHash: cheapPasswordHash(), emailConfirmed: true });
  return { user, token: await signToken({ sub: user._id, ver: 0 }) };
}

async function makeToken(session: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/apitokens', {
    token: session,
    body: { name: 'Backup script', scope: 'write', password: PASSWORD, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token as string;
}

const works = async (apiToken: string) =>
  (await call('POST', '/api/projects', { ...bearer(apiToken), body: { name: 'Still in?' } })).status;

describe('creating an API token', () => {
  it('asks for the password: none or a wrong one is 400 and stores nothing', async () => {
    const { user, token } = await account();

    const none = await call('POST', '/api/apitokens', { token, body: { name: 'x', scope: 'read' } });
    const wrong = await call('POST', '/api/apitokens', {
      token,
      body: { name: 'x', scope: 'read', password: 'not the password' },
    });

    expect(none.status).toBe(400);
    expect(none.body.errors[0].param).toBe('password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].param).toBe('password');
    expect((await partition(user._id)).filter((item) => String(item.SK).startsWith('APITOKEN'))).toEqual([]);
  });

  it('asks for a code too when two-factor sign-in is on', async () => {
    const { token: first } = await account();
    const start = await call('POST', '/api/users/2fa', { token: first, body: { password: PASSWORD } });
    const codeAt = (ms: number) => totp(base32Decode(start.body.secret), ms);
    const confirm = await call('POST', '/api/users/2fa/confirm', {
      token: first,
      body: { code: codeAt(Date.now()) },
    });
    const token = confirm.body.token as string;

    const noCode = await call('POST', '/api/apitokens', {
      token,
      body: { name: 'x', scope: 'read', password: PASSWORD },
    });
    const badCode = await call('POST', '/api/apitokens', {
      token,
      body: { name: 'x', scope: 'read', password: PASSWORD, code: 'abcde-fghij' },
    });
    const made = await makeToken(token, { code: codeAt(Date.now() + 30_000) });

    expect(noCode.status).toBe(400);
    expect(noCode.body.errors[0]).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', param: 'code' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.errors[0]).toMatchObject({ code: 'TWO_FACTOR_INVALID', param: 'code' });
    expect(await works(made)).toBe(201);
    expect((await call('GET', '/api/apitokens', { token })).body).toHaveLength(1);
  });
});

describe('revoking every API token', () => {
  it('happens on a password reset', async () => {
    const { user, token } = await account();
    const apiToken = await makeToken(token);
    expect(await works(apiToken)).toBe(201);

    await call('POST', '/api/forgotpassword', { body: { email: user.email } });
    const resetToken = await linkToken(user.email, 'resetpassword');
    const reset = await call('PUT', '/api/resetpassword', {
      body: {
        email: user.email,
        resetToken,
        password: 'a new and long passphrase',
        password2: 'a new and long passphrase',
      },
    });

    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await works(apiToken)).toBe(401);
  });

  it('happens on "log out everywhere", and the list is empty after it', async () => {
    const { user, token } = await account();
    const apiToken = await makeToken(token);

    const out = await call('POST', '/api/auth/logout', { token, body: { everywhere: true } });
    const again = await signToken({ sub: user._id, ver: 1 });

    expect(out.status).toBe(204);
    expect(await works(apiToken)).toBe(401);
    expect((await call('GET', '/api/apitokens', { token: again })).body).toEqual([]);
    // Their items are gone too, so they no longer count against the limit of 20.
    expect((await partition(user._id)).filter((item) => String(item.SK).startsWith('APITOKEN#'))).toEqual([]);
  });

  it('happens on a password change unless it asks to keep them', async () => {
    const { token } = await account();
    const kept = await makeToken(token);
    const keep = await call('PUT', '/api/users/password', {
      token,
      body: { currentPassword: PASSWORD, password: 'a second long passphrase', keepApiTokens: true },
    });
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    expect(await works(kept)).toBe(201);

    const change = await call('PUT', '/api/users/password', {
      token: keep.body.token,
      body: { currentPassword: 'a second long passphrase', password: 'a third long passphrase' },
    });

    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(await works(kept)).toBe(401);
    const notBoolean = await call('PUT', '/api/users/password', {
      token: change.body.token,
      body: {
        currentPassword: 'a third long passphrase',
        password: 'a fourth long passphrase',
        keepApiTokens: 'yes',
      },
    });
    expect(notBoolean.status).toBe(400);
  }, 90_000);
});
