import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { tokenKey } from '../../functions/data/identity/tokens';
import { call } from '../api';
import { expireToken, inbox, linkToken, PASSWORD, seedUser, signUp, uniqueEmail } from './helpers';

const NEW_PASSWORD = 'a brand new secret';

async function requestReset(email: string) {
  const res = await call('POST', '/api/forgotpassword', { body: { email } });
  expect(res.status).toBe(200);
  return linkToken(email, 'resetpassword');
}

const reset = (body: Record<string, unknown>) => call('PUT', '/api/resetpassword', { body });

describe('GET /api/confirmemail/{token}', () => {
  it('confirms the address from the mailed link and answers the user', async () => {
    const { email, token: session } = await signUp();
    const token = await linkToken(email, 'confirmemail');

    const res = await call('GET', `/api/confirmemail/${encodeURIComponent(token)}`);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, emailConfirmed: true });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|tokenVersion/);
    expect((await call('GET', '/api/auth', { token: session })).body.emailConfirmed).toBe(true);
  });

  it('refuses a link the second time', async () => {
    const { email } = await signUp();
    const token = await linkToken(email, 'confirmemail');
    expect((await call('GET', `/api/confirmemail/${token}`)).status).toBe(200);

    const again = await call('GET', `/api/confirmemail/${token}`);

    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({
      msg: 'This confirmation link has already been used',
      code: 'CONFIRM_LINK_USED',
    });
  });

  it('refuses an expired link and leaves the address unconfirmed', async () => {
    const { email, userId, token: session } = await signUp();
    const token = await linkToken(email, 'confirmemail');
    await expireToken(userId, token);

    const res = await call('GET', `/api/confirmemail/${token}`);

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      msg: 'This confirmation link has expired',
      code: 'CONFIRM_LINK_EXPIRED',
    });
    expect((await call('GET', '/api/auth', { token: session })).body.emailConfirmed).toBe(false);
  });

  it.each(['nonsense', '01HZZZZZZZZZZZZZZZZZZZZZZZ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'])(
    'refuses an unknown link %s',
    async (token) => {
      const res = await call('GET', `/api/confirmemail/${token}`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({
        msg: 'This confirmation link is not valid',
        code: 'CONFIRM_LINK_INVALID',
      });
    },
  );

  it('stores only a hash of the link’s token, with an expiry for TTL', async () => {
    const { email, userId } = await signUp();
    const token = await linkToken(email, 'confirmemail');
    const item = (await ddb.send(new GetCommand({ TableName: TABLE, Key: tokenKey(userId, token) }))).Item;
    expect(item).toBeDefined();
    expect(JSON.stringify(item)).not.toContain(token.split('.')[1]);
    expect(item?.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });
});

describe('POST /api/forgotpassword', () => {
  it('answers the same 200 for a registered and an unknown address, and mails only the registered one', async () => {
    const { email } = await signUp();
    const unknownEmail = uniqueEmail('nobody');

    const known = await call('POST', '/api/forgotpassword', { body: { email: email.toUpperCase() } });
    const unknown = await call('POST', '/api/forgotpassword', { body: { email: unknownEmail } });

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const mails = (await inbox(email)).filter((m) => m.subject === 'Reset your Timeledger password');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body.text).toMatch(new RegExp(`${process.env.APP_URL}/resetpassword/\\S+`));
    expect(await inbox(unknownEmail)).toHaveLength(0);
  });

  it('answers "Email is required" without an email', async () => {
    const res = await call('POST', '/api/forgotpassword', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ msg: 'Email is required', param: 'email' });
  });

  it('refuses the demo account’s address with 403', async () => {
    const res = await call('POST', '/api/forgotpassword', { body: { email: 'demo@timeledger.app' } });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('DEMO_READ_ONLY_ACCOUNT_SETTINGS');
  });
});

describe('PUT /api/resetpassword', () => {
  it('sets the new password, ends old sessions, and the new password logs in', async () => {
    const { email, token: oldSession } = await signUp();
    const resetToken = await requestReset(email);

    const res = await reset({ email, password: NEW_PASSWORD, password2: NEW_PASSWORD, resetToken });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Your password has been reset!' });
    expect((await call('GET', '/api/auth', { token: oldSession })).status).toBe(401);
    const oldLogin = await call('POST', '/api/auth', { body: { email, password: PASSWORD } });
    expect(oldLogin.body.errors[0].msg).toBe('Invalid Credentials');
    const newLogin = await call('POST', '/api/auth', { body: { email, password: NEW_PASSWORD } });
    expect(newLogin.status).toBe(200);
    expect((await call('GET', '/api/auth', { token: newLogin.body.token })).body.emailConfirmed).toBe(true);
  });

  it('works once: the same link is refused the second time', async () => {
    const { email } = await signUp();
    const resetToken = await requestReset(email);
    const body = { email, password: NEW_PASSWORD, password2: NEW_PASSWORD, resetToken };
    expect((await reset(body)).status).toBe(200);

    const again = await reset({ ...body, password: 'yet another one', password2: 'yet another one' });

    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({
      msg: 'This password reset link has already been used',
      code: 'RESET_LINK_USED',
    });
    expect((await call('POST', '/api/auth', { body: { email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('voids the older links once one reset has been made', async () => {
    const { email } = await signUp();
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect(first).not.toBe(second);
    expect(
      (await reset({ email, password: NEW_PASSWORD, password2: NEW_PASSWORD, resetToken: second })).status,
    ).toBe(200);

    const stale = await reset({
      email,
      password: 'stale link pw',
      password2: 'stale link pw',
      resetToken: first,
    });

    expect(stale.status).toBe(400);
    expect((await call('POST', '/api/auth', { body: { email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const { email, userId } = await signUp();
    const resetToken = await requestReset(email);
    await expireToken(userId, resetToken);

    const res = await reset({ email, password: NEW_PASSWORD, password2: NEW_PASSWORD, resetToken });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'RESET_LINK_EXPIRED' });
    expect((await call('POST', '/api/auth', { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('issues links that expire one hour after the request', async () => {
    const { email, userId } = await signUp();
    const before = Math.floor(Date.now() / 1000);
    const resetToken = await requestReset(email);
    const item = (await ddb.send(new GetCommand({ TableName: TABLE, Key: tokenKey(userId, resetToken) })))
      .Item;
    expect(item?.expiresAt).toBeGreaterThanOrEqual(before + 3600);
    expect(item?.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
  });

  it('refuses a link used with another account’s email', async () => {
    const victim = await signUp();
    const attacker = await signUp();
    const attackerToken = await requestReset(attacker.email);

    const res = await reset({
      email: victim.email,
      password: NEW_PASSWORD,
      password2: NEW_PASSWORD,
      resetToken: attackerToken,
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('RESET_LINK_INVALID');
    expect(
      (await call('POST', '/api/auth', { body: { email: victim.email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it.each([
    [{ password: NEW_PASSWORD, password2: NEW_PASSWORD, resetToken: 'x' }, 'Email is required', 'email'],
    [
      { email: 'a@example.com', password2: NEW_PASSWORD, resetToken: 'x' },
      'Password is required',
      'password',
    ],
    [
      { email: 'a@example.com', password: NEW_PASSWORD, password2: 'something else', resetToken: 'x' },
      'Please make sure that your passwords match',
      'password2',
    ],
    [
      { email: 'a@example.com', password: 'short', password2: 'short', resetToken: 'x' },
      'Please enter a password with 8 or more characters',
      'password',
    ],
  ])('refuses %j with 400 "%s"', async (body, msg, param) => {
    const res = await reset(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ msg, param });
  });

  it('refuses to change the demo account’s password with 403', async () => {
    await seedUser({ email: 'demo@timeledger.app', isDemo: true, premium: true });
    const res = await reset({
      email: 'demo@timeledger.app',
      password: NEW_PASSWORD,
      password2: NEW_PASSWORD,
      resetToken: 'anything-at-all.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({
      msg: 'The demo account’s settings cannot be changed',
      code: 'DEMO_READ_ONLY_ACCOUNT_SETTINGS',
    });
  });
});
