import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { type SecurityEmailKind, sendSecurityEmail } from '../../functions/domain/identity/security-emails';
import { call } from '../api';
import { inbox, linkToken, PASSWORD, signUp, uniqueEmail } from './helpers';

/** Security emails (contract §8): the account's address is told of every change to its sign-in. */

const APP_URL = process.env.APP_URL;
const mailsAbout = async (address: string, subject: string) =>
  (await inbox(address)).filter((mail) => mail.subject === subject);

describe('security emails on a password change or reset', () => {
  it('tells the account’s address when its password is changed, with a link to reset it', async () => {
    const { email, token, name } = await signUp(uniqueEmail('pw-changed'));

    const res = await call('PUT', '/api/users/password', {
      token,
      body: { currentPassword: PASSWORD, password: 'a much newer passphrase' },
    });

    expect(res.status).toBe(200);
    const [mail] = await mailsAbout(email, 'The password of your Timeledger account was changed');
    expect(mail?.body.text).toContain(`Hi ${name},`);
    expect(mail?.body.text).toContain('Every other session of the account has been signed out.');
    expect(mail?.body.text).toContain(`${APP_URL}/forgotpassword`);
    expect(mail?.body.html).toContain('<html lang="en">');
  });

  it('sends no such email when the current password is wrong and nothing changed', async () => {
    const { email, token } = await signUp(uniqueEmail('pw-wrong'));

    const res = await call('PUT', '/api/users/password', {
      token,
      body: { currentPassword: 'not the password at all', password: 'a much newer passphrase' },
    });

    expect(res.status).toBe(400);
    expect(await mailsAbout(email, 'The password of your Timeledger account was changed')).toEqual([]);
  });

  it('tells the account’s address, in the user’s language, when its password is reset by link', async () => {
    const { email, token } = await signUp(uniqueEmail('pw-reset'), 'Grete');
    await call('POST', '/api/usersettings', { token, body: { language: 'de' } });
    await call('POST', '/api/forgotpassword', { body: { email } });
    const resetToken = await linkToken(email, 'resetpassword');
    const password = 'ein ganz neues Kennwort';

    const res = await call('PUT', '/api/resetpassword', {
      body: { email, password, password2: password, resetToken },
    });

    expect(res.status).toBe(200);
    const [mail] = await mailsAbout(email, 'Das Passwort Ihres Timeledger-Kontos wurde zurückgesetzt');
    expect(mail?.body.text).toContain('Hallo Grete,');
    expect(mail?.body.text).toMatch(/am \d{1,2}\. \p{L}+ \d{4} um \d{2}:\d{2} UTC/u);
    expect(mail?.body.html).toContain('<html lang="de">');
  });
});

const KINDS: { kind: SecurityEmailKind; en: string; de: string }[] = [
  { kind: 'twoFactorOn', en: 'Two-factor sign-in is now on', de: 'Zwei-Faktor-Anmeldung für Ihr' },
  { kind: 'twoFactorOff', en: 'Two-factor sign-in is now off', de: 'ist jetzt deaktiviert' },
  { kind: 'passwordChanged', en: 'was changed', de: 'wurde geändert' },
  { kind: 'passwordReset', en: 'was reset', de: 'wurde zurückgesetzt' },
];

describe('sendSecurityEmail', () => {
  it.each(KINDS.flatMap((k) => (['en', 'de'] as const).map((language) => ({ ...k, language }))))(
    'sends $kind in $language with every placeholder filled and a link to reset the password',
    async ({ kind, language, en, de }) => {
      const email = uniqueEmail(`sec-${kind}`);
      const at = new Date('2026-11-25T19:30:00Z');

      const sent = await sendSecurityEmail(
        { _id: ulid(), name: 'Ada', email, language },
        kind,
        undefined,
        at,
      );

      expect(sent).toEqual({ sent: true });
      const [mail] = await inbox(email);
      expect(mail?.subject).toContain(language === 'en' ? en : de);
      expect(mail?.body.text).toContain(
        language === 'en' ? '25 November 2026 at 19:30 UTC' : '25. November 2026 um 19:30 UTC',
      );
      expect(mail?.body.text).toContain(`${APP_URL}/forgotpassword`);
      expect(`${mail?.subject}${mail?.body.text}${mail?.body.html}`).not.toMatch(/\{\{|\}\}/);
    },
  );

  it('names a new API token and its scope, escaped in the HTML, and links to the settings', async () => {
    const email = uniqueEmail('sec-token');
    const tokenName = 'Zapier <b>&</b> 請求書 😀';

    await sendSecurityEmail({ _id: ulid(), name: 'Ada', email, language: null }, 'apiTokenCreated', {
      tokenName,
      scope: 'read',
    });

    const [mail] = await inbox(email);
    expect(mail?.subject).toBe('A new API token was created for your Timeledger account');
    expect(mail?.body.text).toContain(`An API token named “${tokenName}” with read-only access was created`);
    expect(mail?.body.html).not.toContain('<b>');
    expect(mail?.body.html).toContain('&#60;b&#62;&#38;&#60;/b&#62; 請求書 😀');
    expect(mail?.body.text).toContain(`${APP_URL}/settings`);
  });

  it('writes the scope of a German user’s write token in German', async () => {
    const email = uniqueEmail('sec-token-de');

    await sendSecurityEmail({ _id: ulid(), name: 'Grete', email, language: 'de' }, 'apiTokenCreated', {
      tokenName: 'Buchhaltung',
      scope: 'write',
    });

    const [mail] = await inbox(email);
    expect(mail?.subject).toBe('Für Ihr Timeledger-Konto wurde ein neues API-Token erstellt');
    expect(mail?.body.text).toContain('namens „Buchhaltung“ mit Lese- und Schreibzugriff erstellt');
  });
});
