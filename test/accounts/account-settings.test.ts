import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '../../contract/fields';
import { signToken } from '../../functions/lib/jwt';
import { call } from '../api';
import { inbox, linkToken, PASSWORD, scanTable, seedUser, signUp, uniqueEmail } from './helpers';

const NEW_PASSWORD = 'a brand new secret';
const me = (token: string) => call('GET', '/api/auth', { token });
const login = (email: string, password: string) => call('POST', '/api/auth', { body: { email, password } });

describe('PUT /api/users (name)', () => {
  it('changes the name and answers the user without secrets', async () => {
    const { token } = await signUp();

    const res = await call('PUT', '/api/users', { token, body: { name: '  山田 太郎 🎉 %#  ' } });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: '山田 太郎 🎉 %#', emailConfirmed: false });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|tokenVersion/);
    expect((await me(token)).body.name).toBe('山田 太郎 🎉 %#');
  });

  it('refuses an empty or over-long name with 400 and keeps the old one', async () => {
    const { _id, name } = await seedUser();
    const token = await signToken({ sub: _id, ver: 0 });

    const empty = await call('PUT', '/api/users', { token, body: { name: '   ' } });
    const long = await call('PUT', '/api/users', { token, body: { name: '😀'.repeat(MAX_NAME_LENGTH + 1) } });

    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ msg: 'Name is required', param: 'name' });
    expect(long.status).toBe(400);
    expect((await me(token)).body.name).toBe(name);
  });
});

describe('PUT /api/users/email', () => {
  it('keeps the old address in force until the new one is confirmed, mails a link there and an undo link to the old one (audit fix 2)', async () => {
    const { email: oldEmail, token, name } = await signUp();
    const newEmail = uniqueEmail('moved');

    const res = await call('PUT', '/api/users/email', {
      token,
      body: { email: newEmail, password: PASSWORD },
    });

    expect(res.status).toBe(200);
    // The address in force is unchanged until the link is opened; the answer says so, as GET /api/auth does (issue 35 item 7).
    expect(res.body).toMatchObject({ email: oldEmail, emailConfirmed: false, pendingEmail: newEmail, name });
    expect((await me(token)).body).toMatchObject({ email: oldEmail, pendingEmail: newEmail });
    const [confirmation] = await inbox(newEmail);
    expect(confirmation?.subject).toBe('Confirm your new email address for Timeledger');
    expect(confirmation?.body.html).toContain('/confirmemail/');
    const notice = (await inbox(oldEmail)).find((mail) => mail.body.text?.includes('/undoemailchange/'));
    expect(notice?.subject).toBe('Someone asked to change the email address of your Timeledger account');
    expect(notice?.body.text).toContain(newEmail);
    expect(notice?.body.text).not.toContain('/confirmemail/');
    // Until the link is opened: the old address signs in, the new one neither signs in nor gets reset links.
    expect((await login(oldEmail, PASSWORD)).status).toBe(200);
    expect((await login(newEmail, PASSWORD)).status).toBe(400);
    await call('POST', '/api/forgotpassword', { body: { email: newEmail } });
    expect((await inbox(newEmail)).filter((mail) => mail.body.text?.includes('/resetpassword/'))).toEqual([]);
    await call('POST', '/api/forgotpassword', { body: { email: oldEmail } });
    expect(await linkToken(oldEmail, 'resetpassword')).toMatch(/\S{20,}/);
  });

  it('moves the account once the new address’s link is opened, while the old signup link confirms nothing', async () => {
    const { email: oldEmail, token } = await signUp();
    const oldLink = await linkToken(oldEmail, 'confirmemail');
    const newEmail = uniqueEmail('moved');
    await call('PUT', '/api/users/email', { token, body: { email: newEmail, password: PASSWORD } });

    const fresh = await call(
      'GET',
      `/api/confirmemail/${encodeURIComponent(await linkToken(newEmail, 'confirmemail'))}`,
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ email: newEmail, emailConfirmed: true, pendingEmail: null });
    // Every session ends with the move: whoever asked for it signs in again at the new address.
    expect((await me(token)).status).toBe(401);
    expect((await call('GET', `/api/confirmemail/${encodeURIComponent(oldLink)}`)).status).toBe(400);
    const again = await login(newEmail, PASSWORD);
    expect(again.status).toBe(200);
    expect((await me(again.body.token)).body).toMatchObject({ email: newEmail, emailConfirmed: true });
    expect((await login(oldEmail, PASSWORD)).status).toBe(400);
    expect(
      (await call('POST', '/api/users', { body: { name: 'B', email: oldEmail, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('takes the account back with the undo link, before or after the confirmation, and ends every session', async () => {
    for (const confirmFirst of [false, true]) {
      const { email: oldEmail, token } = await signUp();
      const newEmail = uniqueEmail('typo');
      await call('PUT', '/api/users/email', { token, body: { email: newEmail, password: PASSWORD } });
      if (confirmFirst) {
        await call(
          'GET',
          `/api/confirmemail/${encodeURIComponent(await linkToken(newEmail, 'confirmemail'))}`,
        );
      }
      const undo = await linkToken(oldEmail, 'undoemailchange');

      const res = await call('POST', '/api/undoemailchange', { body: { token: undo } });

      expect(res.status).toBe(200);
      expect((await me(token)).status).toBe(401);
      const again = await login(oldEmail, PASSWORD);
      expect(again.status).toBe(200);
      expect((await me(again.body.token)).body).toMatchObject({ email: oldEmail, pendingEmail: null });
      expect((await login(newEmail, PASSWORD)).status).toBe(400);
      const twice = await call('POST', '/api/undoemailchange', { body: { token: undo } });
      expect(twice.status).toBe(400);
      expect(twice.body.errors[0].code).toBe('UNDO_LINK_USED');
    }
  });

  it('refuses a wrong password with 400 and changes nothing', async () => {
    const { email, token } = await signUp();
    const newEmail = uniqueEmail('moved');

    const res = await call('PUT', '/api/users/email', {
      token,
      body: { email: newEmail, password: 'not my password' },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({
      msg: 'Your current password is not correct',
      code: 'WRONG_PASSWORD',
      param: 'password',
    });
    expect((await me(token)).body.email).toBe(email);
    expect(await inbox(newEmail)).toEqual([]);
    expect(
      (await scanTable()).filter((item) => JSON.stringify(item).includes(newEmail.toLowerCase())),
    ).toEqual([]);
  });

  it('refuses an address another account has, in any letter case, and changes nothing', async () => {
    const { email: taken } = await signUp();
    const { email, token } = await signUp();

    const res = await call('PUT', '/api/users/email', {
      token,
      body: { email: taken.toUpperCase(), password: PASSWORD },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      msg: 'User already exists',
      code: 'USER_EXISTS',
      param: 'email',
    });
    expect((await me(token)).body.email).toBe(email);
    expect((await login(email, PASSWORD)).status).toBe(200);
    expect((await login(taken, PASSWORD)).status).toBe(200);
  });

  it('lets only one of two accounts asking for one new address have it', async () => {
    const a = await signUp();
    const b = await signUp();
    const wanted = uniqueEmail('wanted');

    const results = await Promise.all(
      [a, b].map(({ token }) =>
        call('PUT', '/api/users/email', { token, body: { email: wanted, password: PASSWORD } }),
      ),
    );

    expect(results.map((r) => r.status)).toEqual([200, 200]);
    // Both changes wait for the address's links; of the two confirmations racing, one wins.
    const links = (await inbox(wanted)).map(
      (mail) => /\/confirmemail\/(\S+)/.exec(mail.body.text ?? '')?.[1] ?? '',
    );
    const confirmed = await Promise.all(links.map((link) => call('GET', `/api/confirmemail/${link}`)));
    expect(confirmed.map((r) => r.status).sort()).toEqual([200, 400]);
    const guards = (await scanTable()).filter((item) => item.PK === `EMAIL#${wanted.toLowerCase()}`);
    expect(guards).toHaveLength(1);
  });

  it('refuses a malformed address or the current one with 400', async () => {
    const { email, token } = await signUp();

    const bad = await call('PUT', '/api/users/email', {
      token,
      body: { email: 'no-at-sign', password: PASSWORD },
    });
    const same = await call('PUT', '/api/users/email', {
      token,
      body: { email: email.toUpperCase(), password: PASSWORD },
    });

    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ msg: 'Please include a valid email', param: 'email' });
    expect(same.status).toBe(400);
    expect(same.body.errors[0]).toMatchObject({ code: 'EMAIL_UNCHANGED', param: 'email' });
  });
});

describe('PUT /api/users/password', () => {
  it('sets the new password, answers a new token, and every older token stops', async () => {
    const { email, token: laptop, userId } = await signUp();
    const phone = await signToken({ sub: userId, ver: 0 });

    const res = await call('PUT', '/api/users/password', {
      token: laptop,
      body: { currentPassword: PASSWORD, password: NEW_PASSWORD },
    });

    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token']);
    expect((await me(res.body.token)).status).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(400);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong current password with 400, and the session and password stay', async () => {
    const { email, token } = await signUp();

    const res = await call('PUT', '/api/users/password', {
      token,
      body: { currentPassword: 'a wrong guess', password: NEW_PASSWORD },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({
      msg: 'Your current password is not correct',
      code: 'WRONG_PASSWORD',
      param: 'currentPassword',
    });
    expect((await me(token)).status).toBe(200);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('refuses a short new password or a missing current one with the field named', async () => {
    const { token } = await signUp();

    const short = await call('PUT', '/api/users/password', {
      token,
      body: { currentPassword: PASSWORD, password: 'short' },
    });
    const missing = await call('PUT', '/api/users/password', { token, body: { password: NEW_PASSWORD } });

    expect(short.body.errors[0]).toMatchObject({
      msg: 'Please enter a password with 8 or more characters',
      param: 'password',
    });
    expect(missing.body.errors[0]).toMatchObject({
      msg: 'Current password is required',
      param: 'currentPassword',
    });
  });
});

describe('POST /api/confirmemail (a new confirmation link)', () => {
  it('mails a new link that confirms the address', async () => {
    const { email, token } = await signUp();

    const res = await call('POST', '/api/confirmemail', { token });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'A new confirmation link has been sent to your email address' });
    const links = (await inbox(email)).filter((mail) => mail.body.text?.includes('/confirmemail/'));
    expect(links).toHaveLength(2);
    const confirmed = await call(
      'GET',
      `/api/confirmemail/${encodeURIComponent(await linkToken(email, 'confirmemail'))}`,
    );
    expect(confirmed.body.emailConfirmed).toBe(true);
  });

  it('answers 400 once the address is confirmed', async () => {
    const user = await seedUser({ emailConfirmed: true });

    const res = await call('POST', '/api/confirmemail', {
      token: await signToken({ sub: user._id, ver: 0 }),
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'EMAIL_ALREADY_CONFIRMED' });
    expect(await inbox(user.email)).toEqual([]);
  });
});

describe('the demo account', () => {
  it('is refused with 403 DEMO_READ_ONLY_ACCOUNT_SETTINGS on every account-settings route', async () => {
    const demo = await seedUser({ isDemo: true });
    const token = await signToken({ sub: demo._id, ver: 0 });
    const attempts = [
      call('PUT', '/api/users', { token, body: { name: 'Taken over' } }),
      call('PUT', '/api/users/email', { token, body: { email: uniqueEmail(), password: PASSWORD } }),
      call('PUT', '/api/users/password', {
        token,
        body: { currentPassword: PASSWORD, password: NEW_PASSWORD },
      }),
      call('POST', '/api/confirmemail', { token }),
      call('POST', '/api/auth/logout', { token, body: { everywhere: true } }),
    ];

    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.errors[0]).toMatchObject({ code: 'DEMO_READ_ONLY_ACCOUNT_SETTINGS' });
    }
    expect((await me(token)).body).toMatchObject({ name: demo.name, email: demo.email });
  });
});
