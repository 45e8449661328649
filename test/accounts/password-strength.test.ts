import { describe, expect, it } from 'vitest';
import { call } from '../api';
import { PASSWORD, scanTable, signUp, uniqueEmail } from './helpers';

const stored = async (email: string) =>
  (await scanTable()).filter((item) => JSON.stringify(item).includes(email));

describe('weak passwords are refused (ASVS 5.0 §6.2.2, §6.2.4, §6.2.11)', () => {
  it('at signup, saying why, and nothing is stored', async () => {
    const email = uniqueEmail('weak');
    const cases: [string, string][] = [
      ['aaaaaaaa', 'PASSWORD_PATTERN'],
      ['        ', 'PASSWORD_PATTERN'],
      ['Passw0rd!', 'PASSWORD_TOO_WEAK'],
      ['Summer2024', 'PASSWORD_TOO_WEAK'],
      [email, 'PASSWORD_PERSONAL'],
      [`Grace Hopper ${email.split('@')[0]}`, 'PASSWORD_PERSONAL'],
    ];
    for (const [password, code] of cases) {
      const res = await call('POST', '/api/users', { body: { name: 'Grace Hopper', email, password } });

      expect(res.status, password).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code, param: 'password' });
    }
    expect(await stored(email)).toEqual([]);
  });

  it('counts characters, not UTF-16 units: four emoji are too short', async () => {
    const email = uniqueEmail('emoji');

    const res = await call('POST', '/api/users', { body: { name: 'Ada', email, password: '😀😀😀😀' } });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'PASSWORD_TOO_SHORT', param: 'password' });
    expect(await stored(email)).toEqual([]);
  });

  it('at password change, refusing the account’s own name and keeping the old password', async () => {
    const { email, token } = await signUp(uniqueEmail(), 'Ada Lovelace');

    const res = await call('PUT', '/api/users/password', {
      token,
      body: { currentPassword: PASSWORD, password: 'lovelace is my hero' },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'PASSWORD_PERSONAL', param: 'password' });
    expect((await call('POST', '/api/auth', { body: { email, password: PASSWORD } })).status).toBe(200);
  });
});
