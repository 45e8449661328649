import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/error-codes';

const COMMON_PASSWORD_MESSAGE = API_ERRORS.PASSWORD_TOO_COMMON;

import { call } from '../api';
import { linkToken, PASSWORD, scanTable, signUp, uniqueEmail } from './helpers';

const refusal = { msg: COMMON_PASSWORD_MESSAGE, code: 'PASSWORD_TOO_COMMON', param: 'password' };

describe('common passwords are refused (ASVS 5.0 §6.2.4)', () => {
  it('at signup, with a clear message, and nothing is stored', async () => {
    const email = uniqueEmail('common');

    const res = await call('POST', '/api/users', { body: { name: 'Ada', email, password: 'Password1' } });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual(refusal);
    expect(COMMON_PASSWORD_MESSAGE).toBe(
      'This password is one of the most common passwords and easy to guess. Please choose another one.',
    );
    expect((await scanTable()).filter((item) => JSON.stringify(item).includes(email))).toEqual([]);
  });

  it('at password reset, and the link stays usable for a better password', async () => {
    const { email } = await signUp();
    await call('POST', '/api/forgotpassword', { body: { email } });
    const resetToken = await linkToken(email, 'resetpassword');

    const refused = await call('PUT', '/api/resetpassword', {
      body: { email, password: 'qwertyuiop', password2: 'qwertyuiop', resetToken },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toEqual(refusal);

    const good = 'a far less common secret';
    const accepted = await call('PUT', '/api/resetpassword', {
      body: { email, password: good, password2: good, resetToken },
    });
    expect(accepted.status).toBe(200);
    expect((await call('POST', '/api/auth', { body: { email, password: good } })).status).toBe(200);
  });

  it('at password change, and the old password keeps working', async () => {
    const { email, token } = await signUp();

    const res = await call('PUT', '/api/users/password', {
      token,
      body: { currentPassword: PASSWORD, password: 'iloveyou1' },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual(refusal);
    expect((await call('GET', '/api/auth', { token })).status).toBe(200);
    expect((await call('POST', '/api/auth', { body: { email, password: PASSWORD } })).status).toBe(200);
  });
});
