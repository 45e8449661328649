import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { userKey } from '../../functions/data/identity/users';
import { signToken } from '../../functions/lib/jwt';
import { call } from '../api';
import { inbox, PASSWORD, seedUser, signUp, uniqueEmail } from './helpers';

const storedProfile = async (userId: string) =>
  (await ddb.send(new GetCommand({ TableName: TABLE, Key: userKey(userId) }))).Item;

async function session(overrides: Parameters<typeof seedUser>[0] = {}) {
  const user = await seedUser(overrides);
  return { user, token: await signToken({ sub: user._id, ver: 0 }) };
}

describe('the language setting', () => {
  it('is null until the first choice, then stored and answered by GET /api/auth', async () => {
    const email = uniqueEmail('lang');
    const signup = await call('POST', '/api/users', {
      body: { name: 'Ada', email, password: PASSWORD, language: 'de' },
    });
    const token = signup.body.token as string;
    // The signup's language is the confirmation email's, not a choice: the app keeps following the browser.
    expect((await call('GET', '/api/auth', { token })).body.language).toBeNull();

    const res = await call('POST', '/api/usersettings/', { token, body: { language: 'de' } });

    expect(res.status).toBe(200);
    expect(res.body.language).toBe('de');
    const me = await call('GET', '/api/auth', { token });
    expect(me.body.language).toBe('de');
    expect((await storedProfile(me.body._id))?.language).toBe('de');
  });

  it.each([['fr'], ['DE'], [''], [3]])(
    'refuses the language %j with 400 and keeps the stored one',
    async (language) => {
      const { user, token } = await session({ language: 'en' });

      const res = await call('POST', '/api/usersettings', { token, body: { language } });

      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ msg: 'Language must be one of en, de', param: 'language' });
      expect((await storedProfile(user._id))?.language).toBe('en');
    },
  );
});

describe('emails in the user’s language', () => {
  it('writes the confirmation email in the language the app was showing at signup', async () => {
    const email = uniqueEmail('lang-confirm');
    await call('POST', '/api/users', { body: { name: 'Grete', email, password: PASSWORD, language: 'de' } });

    const [mail] = await inbox(email);

    expect(mail?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse für Timeledger');
    expect(mail?.body.text).toContain('Hallo Grete,');
    expect(mail?.body.text).toMatch(new RegExp(`${process.env.APP_URL}/confirmemail/\\S+`));
    expect(mail?.body.html).toContain('<html lang="de">');
  });

  it('keeps English for a signup that names no language', async () => {
    const email = uniqueEmail('lang-default');
    await call('POST', '/api/users', { body: { name: 'Ada', email, password: PASSWORD } });

    const [mail] = await inbox(email);

    expect(mail?.subject).toBe('Confirm your email address for Timeledger');
  });

  it('writes the reset email in the user’s chosen language, whatever the requesting page showed', async () => {
    const { user } = await session({ language: 'de', email: uniqueEmail('lang-reset') });

    const res = await call('POST', '/api/forgotpassword', { body: { email: user.email, language: 'en' } });

    expect(res.status).toBe(200);
    const [mail] = await inbox(user.email);
    expect(mail?.subject).toBe('Ihr Timeledger-Passwort zurücksetzen');
    expect(mail?.body.text).toMatch(new RegExp(`${process.env.APP_URL}/resetpassword/\\S+`));
  });

  it('writes both emails of an email change in the user’s chosen language', async () => {
    const { email: oldEmail, token } = await signUp(uniqueEmail('lang-change'));
    await call('POST', '/api/usersettings', { token, body: { language: 'de' } });
    const newEmail = uniqueEmail('lang-changed');

    const res = await call('PUT', '/api/users/email', {
      token,
      body: { email: newEmail, password: PASSWORD },
    });

    expect(res.status).toBe(200);
    const [confirm] = await inbox(newEmail);
    expect(confirm?.subject).toBe('Bitte bestätigen Sie Ihre neue E-Mail-Adresse für Timeledger');
    const notice = (await inbox(oldEmail)).find((mail) => mail.body.text?.includes('/undoemailchange/'));
    expect(notice?.subject).toBe('Änderung der E-Mail-Adresse Ihres Timeledger-Kontos beantragt');
    expect(notice?.body.text).toContain(newEmail);
  });

  it('writes the reset email in the requesting page’s language before the user has chosen one', async () => {
    const { user } = await session({ email: uniqueEmail('lang-reset-browser') });

    await call('POST', '/api/forgotpassword', { body: { email: user.email, language: 'de' } });

    const [mail] = await inbox(user.email);
    expect(mail?.subject).toBe('Ihr Timeledger-Passwort zurücksetzen');
  });
});
