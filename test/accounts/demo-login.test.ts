import { describe, expect, it } from 'vitest';
import { createVouchers } from '../../functions/domain/identity/vouchers';
import { call } from '../api';

describe('POST /api/auth/demo', () => {
  it('creates and seeds the demo account on first use and signs in to it', async () => {
    const res = await call('POST', '/api/auth/demo');

    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token']);
    const me = await call('GET', '/api/auth', { token: res.body.token });
    expect(me.body).toMatchObject({ email: 'demo@timeledger.app', isDemo: true, premium: true });
    const projects = await call('GET', '/api/projects', { token: res.body.token });
    expect(projects.body.length).toBeGreaterThanOrEqual(3);
  });

  it('signs every visitor in to the same account without seeding it again', async () => {
    const first = await call('POST', '/api/auth/demo');
    const firstUser = await call('GET', '/api/auth', { token: first.body.token });
    const added = await call('POST', '/api/projects', {
      token: first.body.token,
      body: { name: 'A visitor’s project', description: '' },
    });
    expect([200, 201]).toContain(added.status);

    const second = await call('POST', '/api/auth/demo');

    const secondUser = await call('GET', '/api/auth', { token: second.body.token });
    expect(secondUser.body._id).toBe(firstUser.body._id);
    const projects = await call('GET', '/api/projects', { token: second.body.token });
    expect(projects.body.map((p: { name: string }) => p.name)).toContain('A visitor’s project');
  });

  it('keeps the demo account from being deleted, claiming vouchers or logging in by password', async () => {
    const { token } = (await call('POST', '/api/auth/demo')).body;
    const [code] = await createVouchers(1);

    const deletion = await call('DELETE', '/api/users', { token, body: { password: 'x' } });
    const voucher = await call('POST', `/api/claimvouchercode/${code}`, { token });
    const byPassword = await call('POST', '/api/auth', {
      body: { email: 'demo@timeledger.app', password: 'x' },
    });

    for (const res of [deletion, voucher]) {
      expect(res.status).toBe(403);
      expect(res.body.errors[0].code).toBe('DEMO_READ_ONLY_ACCOUNT_SETTINGS');
    }
    expect(byPassword.body.errors[0].msg).toBe('Invalid Credentials');
    expect((await call('GET', '/api/auth', { token })).status).toBe(200);
  });
});
