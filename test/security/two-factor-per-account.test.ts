import { describe, expect, it, vi } from 'vitest';

// Four wrong codes per account in the window, so that the limit shows in a few tries.
vi.hoisted(() => {
  process.env.LIMIT_TWO_FACTOR_CODES_PER_ACCOUNT = '4';
});

import { base32Decode, totp } from '../../functions/domain/identity/totp';
import { signToken } from '../../functions/lib/jwt';
import { cheapPasswordHash, inbox, PASSWORD, seedUser } from '../accounts/helpers';
import { call } from '../api';

/**
 * Issue 35, item 3: wrong two-factor codes are limited per account, not only per (email, address):
 * codes spread over many addresses are refused once the account's window is full — the right one
 * too, from a fresh address — and the owner is told by email once (DynamoDB Local, local SES).
 */

const codeOf = (secret: string) => totp(base32Decode(secret), Date.now());
/**
 * A right code that is not spent: the confirmation spent its time step's code (a code works once),
 * so a fast test would be refused the same code again; the next step's code is accepted (±1 step).
 */
const unspentCodeOf = (secret: string, confirmedAt: number) =>
  totp(base32Decode(secret), confirmedAt + 30_000);
/** A six-digit code that is not the current one (nor one step either side). */
const wrongCode = (secret: string) => {
  const near = [-30_000, 0, 30_000].map((d) => totp(base32Decode(secret), Date.now() + d));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
};

async function withTwoFactor() {
  const user = await seedUser({ passwordHash: cheapPasswordHash(), emailConfirmed: true });
  const token = await signToken({ sub: user._id, ver: 0 });
  const sourceIp = '198.51.100.10';
  const start = await call('POST', '/api/users/2fa', { token, body: { password: PASSWORD }, sourceIp });
  expect(start.status).toBe(200);
  const secret = start.body.secret as string;
  const confirmedAt = Date.now();
  const confirm = await call('POST', '/api/users/2fa/confirm', {
    token,
    body: { code: totp(base32Decode(secret), confirmedAt) },
    sourceIp,
  });
  expect(confirm.status).toBe(200);
  // Turning 2FA on ends the sessions from before it: this session goes on with the token it answers.
  return { user, token: confirm.body.token as string, secret, confirmedAt };
}

const login = (email: string, code: string, sourceIp: string) =>
  call('POST', '/api/auth', { body: { email, password: PASSWORD, code }, sourceIp });

const refusedMails = async (address: string) =>
  (await inbox(address)).filter((mail) => mail.subject.startsWith('Someone is trying codes'));

describe('wrong two-factor codes per account', () => {
  it('refuses every code once 4 wrong ones came from 4 addresses, the right one too, and tells the owner once', async () => {
    const { user, secret } = await withTwoFactor();

    for (let i = 1; i <= 4; i += 1) {
      const res = await login(user.email, wrongCode(secret), `203.0.113.${i}`);
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body.errors[0].code).toBe('TWO_FACTOR_INVALID');
    }
    const right = await login(user.email, codeOf(secret), '192.0.2.200');
    const again = await login(user.email, wrongCode(secret), '192.0.2.201');

    expect(right.status).toBe(429);
    expect(right.body.errors[0].code).toBe('TOO_MANY_TWO_FACTOR_CODES');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(again.status).toBe(429);
    const mails = await refusedMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body.text).toContain('4 wrong two-factor codes were entered');
    expect(mails[0]?.body.text).toContain('/forgotpassword');
  }, 90_000); // a dozen sign-ins on a shared machine

  it('counts a right code as no wrong guess: it gives its slot back', async () => {
    const { user, secret, confirmedAt } = await withTwoFactor();
    for (let i = 1; i <= 3; i += 1) {
      expect((await login(user.email, wrongCode(secret), `203.0.113.${10 + i}`)).status).toBe(401);
    }

    const right = await login(user.email, unspentCodeOf(secret, confirmedAt), '192.0.2.210');
    // The right code's slot came back: one more wrong code is still answered, not refused.
    const wrong = await login(user.email, wrongCode(secret), '192.0.2.211');

    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(wrong.status).toBe(401);
    expect(await refusedMails(user.email)).toHaveLength(1);
  }, 90_000); // a dozen sign-ins on a shared machine

  it('also refuses codes for turning two-factor sign-in off once the account’s window is full', async () => {
    const { user, token, secret, confirmedAt } = await withTwoFactor();
    for (let i = 1; i <= 4; i += 1) {
      expect((await login(user.email, wrongCode(secret), `203.0.113.${20 + i}`)).status).toBe(401);
    }

    const off = await call('DELETE', '/api/users/2fa', {
      token,
      body: { password: PASSWORD, code: unspentCodeOf(secret, confirmedAt) },
      sourceIp: '192.0.2.220',
    });

    expect(off.status).toBe(429);
    expect(off.body.errors[0].code).toBe('TOO_MANY_TWO_FACTOR_CODES');
    expect((await call('GET', '/api/auth', { token })).body.twoFactor).toBe(true);
  }, 90_000); // a dozen sign-ins on a shared machine
});
