import { afterEach, describe, expect, it } from 'vitest';
import { setTestLanguage } from '../test/i18n';
import { emailLanguage } from './index';

describe('the language a person’s emails are written in', () => {
  afterEach(() => setTestLanguage('en'));

  it('is the language on screen', async () => {
    await setTestLanguage('de');
    expect(emailLanguage()).toBe('de');
    await setTestLanguage('en');
    expect(emailLanguage()).toBe('en');
  });

  it('is English under the tests’ pseudo-locale, which the server would refuse', async () => {
    await setTestLanguage('pseudo');
    expect(emailLanguage()).toBe('en');
  });
});
