import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// This file reads the log: configuration is read when the handlers are imported.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'info';
  process.env.LIMIT_FAILED_LOGINS_PER_EMAIL = '2';
});

import { createVouchers } from '../../functions/domain/identity/vouchers';
import { signToken } from '../../functions/lib/jwt';
import { call } from '../api';
import { cheapPasswordHash, linkToken, PASSWORD, seedUser, signUp, uniqueEmail } from './helpers';

let output: string[] = [];

beforeEach(() => {
  output = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    output.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    output.push(String(chunk));
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The security lines written so far, parsed; every one must be a single JSON line. */
function securityLines(): Record<string, unknown>[] {
  return output
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"log":"security"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const FIELDS = ['level', 'time', 'message', 'log', 'event', 'outcome', 'status'];

describe('security log', () => {
  it('writes one line for a successful login with the user, request id, route and caller address', async () => {
    const { email, userId } = await signUp(uniqueEmail(), 'Ada', PASSWORD, '198.51.100.1');
    output = [];

    await call('POST', '/api/auth', { body: { email, password: PASSWORD }, sourceIp: '198.51.100.2' });

    const lines = securityLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      message: 'security event',
      event: 'login',
      outcome: 'success',
      status: 200,
      userId,
      route: 'POST /api/auth',
      sourceIp: '198.51.100.2',
      requestId: expect.any(String),
    });
  });

  it('writes a failed login with the account when the address exists, and never the password, token or hash', async () => {
    const { email, userId, token } = await signUp(uniqueEmail(), 'Ada', PASSWORD, '198.51.100.3');
    output = [];

    await call('POST', '/api/auth', {
      body: { email, password: 'wrong password 1' },
      sourceIp: '198.51.100.4',
    });
    await call('POST', '/api/auth', {
      body: { email: uniqueEmail('nobody'), password: 'x' },
      sourceIp: '198.51.100.4',
    });

    const [known, unknown] = securityLines();
    expect(known).toMatchObject({
      event: 'login',
      outcome: 'failure',
      status: 400,
      code: 'INVALID_CREDENTIALS',
      userId,
    });
    expect(unknown).toMatchObject({ event: 'login', outcome: 'failure', status: 400 });
    expect(unknown).not.toHaveProperty('userId');
    const everything = output.join('');
    for (const secret of ['wrong password 1', PASSWORD, token, 'scrypt$', email]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('writes a 429 of the login as a failed login with its status', async () => {
    const { email } = await signUp(uniqueEmail(), 'Ada', PASSWORD, '198.51.100.5');
    for (let i = 0; i < 2; i++) await call('POST', '/api/auth', { body: { email, password: 'nope' } });
    output = [];

    await call('POST', '/api/auth', { body: { email, password: PASSWORD } });

    expect(securityLines()).toEqual([
      expect.objectContaining({ event: 'login', outcome: 'failure', status: 429, code: 'TOO_MANY_LOGINS' }),
    ]);
  });

  it('writes every 401 and 403 of any route, with the account when the token’s signature held', async () => {
    const user = await seedUser({ isDemo: true });
    const token = await signToken({ sub: user._id, ver: 0 });
    const stale = await signToken({ sub: user._id, ver: 7 });

    await call('GET', '/api/projects', { token: 'not-a-token' });
    await call('GET', '/api/projects', { token: stale });
    await call('DELETE', '/api/users', { token, body: { password: PASSWORD } });

    expect(securityLines()).toEqual([
      expect.objectContaining({
        event: 'unauthorized',
        outcome: 'failure',
        status: 401,
        route: 'GET /api/projects',
      }),
      expect.objectContaining({ event: 'unauthorized', status: 401, userId: user._id }),
      expect.objectContaining({
        event: 'account_deletion',
        outcome: 'failure',
        status: 403,
        code: 'DEMO_READ_ONLY_ACCOUNT_SETTINGS',
        userId: user._id,
        route: 'DELETE /api/users',
      }),
    ]);
    expect(securityLines()[0]).not.toHaveProperty('userId');
    expect(output.join('')).not.toContain(stale);
  });

  it('writes logouts (one session and everywhere), password resets, voucher claims and account deletions', async () => {
    const { email, userId } = await signUp(uniqueEmail(), 'Ada', PASSWORD, '198.51.100.6');
    const session = () => signToken({ sub: userId, ver: 0 });
    const [code] = await createVouchers(1);
    output = [];

    await call('POST', '/api/auth/logout', { token: await session() });
    await call('POST', `/api/claimvouchercode/${code}`, { token: await session() });
    await call('POST', '/api/auth/logout', { token: await session(), body: { everywhere: true } });
    await call('POST', '/api/forgotpassword', { body: { email } });
    const resetToken = await linkToken(email, 'resetpassword');
    await call('PUT', '/api/resetpassword', {
      body: { email, password: 'another fine secret', password2: 'another fine secret', resetToken },
    });
    await call('DELETE', '/api/users', {
      token: await signToken({ sub: userId, ver: 2 }),
      body: { password: 'another fine secret' },
    });

    const lines = securityLines();
    expect(lines.map((line) => [line.event, line.outcome, line.status])).toEqual([
      ['logout', 'success', 204],
      ['voucher_claim', 'success', 200],
      ['logout', 'success', 204],
      ['password_reset_request', 'success', 200],
      ['password_reset', 'success', 200],
      ['account_deletion', 'success', 200],
    ]);
    expect(lines[0]).toMatchObject({ userId, everywhere: false });
    expect(lines[2]).toMatchObject({ userId, everywhere: true });
    expect(lines[5]).toMatchObject({ userId });
    for (const line of lines) {
      for (const key of Object.keys(line)) {
        expect([...FIELDS, 'code', 'userId', 'everywhere', 'requestId', 'route', 'sourceIp']).toContain(key);
      }
    }
    expect(output.join('')).not.toContain(resetToken);
    expect(output.join('')).not.toContain('another fine secret');
  });

  it('writes API token creations and deletions, and never the token itself', async () => {
    const user = await seedUser({ passwordHash: cheapPasswordHash() });
    const session = await signToken({ sub: user._id, ver: 0 });
    output = [];

    const created = await call('POST', '/api/apitokens', {
      token: session,
      body: { name: 'CI', scope: 'read', password: PASSWORD },
    });
    await call('GET', '/api/projects', { headers: { authorization: `Bearer ${created.body.token}` } });
    await call('DELETE', `/api/apitokens/${created.body._id}`, { token: session });

    expect(securityLines().map((line) => [line.event, line.outcome, line.status, line.userId])).toEqual([
      ['api_token_create', 'success', 201, user._id],
      ['api_token_delete', 'success', 204, user._id],
    ]);
    expect(output.join('')).not.toContain(created.body.token.split('_').slice(3).join('_'));
  });
});
