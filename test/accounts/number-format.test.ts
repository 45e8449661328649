import { describe, expect, it } from 'vitest';
import { signToken } from '../../functions/lib/jwt';
import { call } from '../api';
import { seedUser } from './helpers';

/** Issue 34, item 11: the number format follows the language until the user sets one. */

async function session(overrides: Parameters<typeof seedUser>[0] = {}) {
  const user = await seedUser(overrides);
  return signToken({ sub: user._id, ver: 0 });
}

const settings = (token: string, body: object) => call('POST', '/api/usersettings', { token, body });

describe('the number format and the language', () => {
  it('follows the language while the user has not set one: German brings de-DE, English en-US', async () => {
    const token = await session();

    const german = await settings(token, { language: 'de' });
    expect(german.status).toBe(200);
    expect(german.body).toMatchObject({ language: 'de', numberFormat: 'de-DE' });
    expect(german.body).not.toHaveProperty('numberFormatChosen');

    const english = await settings(token, { language: 'en' });
    expect(english.body).toMatchObject({ language: 'en', numberFormat: 'en-US' });
  });

  it('keeps a number format the user set, whatever the language', async () => {
    const token = await session();
    expect((await settings(token, { numberFormat: 'en-US' })).status).toBe(200);

    const german = await settings(token, { language: 'de' });

    expect(german.body).toMatchObject({ language: 'de', numberFormat: 'en-US' });
    expect((await call('GET', '/api/auth', { token })).body.numberFormat).toBe('en-US');
  });

  it('takes a number format sent with the language as the choice', async () => {
    const token = await session();

    const both = await settings(token, { language: 'de', numberFormat: 'en-GB' });
    const back = await settings(token, { language: 'en' });

    expect(both.body.numberFormat).toBe('en-GB');
    expect(back.body.numberFormat).toBe('en-GB');
  });

  it('leaves a format that is no language’s own (en-ZA, set before choices were recorded)', async () => {
    const token = await session({ numberFormat: 'en-ZA' });

    expect((await settings(token, { language: 'de' })).body.numberFormat).toBe('en-ZA');
  });
});
