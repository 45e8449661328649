import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../functions/domain/identity/passwords';
import { base32Decode, totp } from '../../functions/domain/identity/totp';
import { signToken } from '../../functions/lib/jwt';
import { call } from '../api';
import { PASSWORD, scanTable, seedUser } from './helpers';

/** Issue 34, item 10: deleting the account asks for the password again, and a code with 2FA on. */

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

async function account() {
  const user = await seedUser({ passwordHash, emailConfirmed: true });
  const token = await signToken({ sub: user._id, ver: 0 });
  const project = await call('POST', '/api/projects', { token, body: { name: 'Kunde Ümlaut 🌱' } });
  expect(project.status).toBe(201);
  return { userId: user._id, token };
}

const itemsOf = async (userId: string) =>
  (await scanTable()).filter((item) => item.PK === `USER#${userId}`).length;

const deleteWith = (token: string, body?: unknown) =>
  call('DELETE', '/api/users', { token, ...(body === undefined ? {} : { body }) });

describe('DELETE /api/users asks who is there', () => {
  it('refuses a request without the password with 400, and keeps everything', async () => {
    const { userId, token } = await account();
    const before = await itemsOf(userId);

    const res = await deleteWith(token);

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'FIELD_REQUIRED', param: 'password' });
    expect((await call('GET', '/api/auth', { token })).status).toBe(200);
    expect(await itemsOf(userId)).toBe(before);
  });

  it('refuses a wrong password as a password change does, and keeps everything', async () => {
    const { userId, token } = await account();
    const before = await itemsOf(userId);

    const res = await deleteWith(token, { password: 'not my password' });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { msg: 'Your current password is not correct', code: 'WRONG_PASSWORD', param: 'password' },
    ]);
    expect((await call('GET', '/api/projects', { token })).body).toHaveLength(1);
    expect(await itemsOf(userId)).toBe(before);
  });

  it('with two-factor sign-in on, wants a valid code as well', async () => {
    const { userId, token: first } = await account();
    const start = await call('POST', '/api/users/2fa', { token: first, body: { password: PASSWORD } });
    const secret = start.body.secret as string;
    const confirm = await call('POST', '/api/users/2fa/confirm', {
      token: first,
      body: { code: totp(base32Decode(secret), Date.now()) },
    });
    const token = confirm.body.token as string;

    const noCode = await deleteWith(token, { password: PASSWORD });
    const wrongCode = await deleteWith(token, { password: PASSWORD, code: '000000' });
    expect([noCode.status, noCode.body.errors[0].code]).toEqual([400, 'TWO_FACTOR_REQUIRED']);
    expect([wrongCode.status, wrongCode.body.errors[0].code]).toEqual([400, 'TWO_FACTOR_INVALID']);
    expect((await call('GET', '/api/auth', { token })).status).toBe(200);

    // The code of the next step: the one that turned 2FA on was spent.
    const code = totp(base32Decode(secret), Date.now() + 30_000);
    const res = await deleteWith(token, { password: PASSWORD, code });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'User deleted' });
    expect((await call('GET', '/api/auth', { token })).status).toBe(401);
    expect(await itemsOf(userId)).toBe(1); // the tombstone, until the sweep
  });
});
