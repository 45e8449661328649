import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPasswordField } from '../../../contract/accounts';
import { apiMessage } from '../../../contract/error-codes';
import { PASSWORD_MIN_LENGTH } from '../../../contract/limits';
import { ValidationError } from '../../lib/errors';
import { assertStrongPassword } from './password-strength';

const owner = { email: 'ada.lovelace@example.com', name: 'Ada Lovelace' };

/** The code a password is refused with, or `undefined` when it is accepted. */
async function refusal(
  password: string,
  who: { email?: string; name?: string } = owner,
): Promise<string | undefined> {
  try {
    await assertStrongPassword(password, who, 'password');
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.code;
    throw error;
  }
}

describe('new passwords', () => {
  it('refuses the weak ones the audit found, each with its reason', async () => {
    expect(await refusal('aaaaaaaa')).toBe('PASSWORD_PATTERN');
    expect(await refusal('        ')).toBe('PASSWORD_PATTERN');
    expect(await refusal('Passw0rd!')).toBe('PASSWORD_TOO_WEAK');
    expect(await refusal('Summer2024')).toBe('PASSWORD_TOO_WEAK');
    expect(await refusal('ada.lovelace@example.com')).toBe('PASSWORD_PERSONAL');
    expect(await refusal('password')).toBe('PASSWORD_TOO_COMMON');
  });

  it('accepts passphrases of a few unrelated words', async () => {
    for (const password of ['correct horse battery', 'a far less common secret', 'Tr0ub4dor&3 mauve']) {
      expect(await refusal(password)).toBeUndefined();
    }
  });

  it('refuses any password that holds the account’s email address, its name or a part of either, in any case', async () => {
    const word = fc.stringMatching(/^[a-z]{3,12}$/);
    await fc.assert(
      fc.asyncProperty(
        word,
        word,
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        async (local, name, before, after) => {
          const who = { email: `${local}@example.org`, name: `Dr ${name}` };
          const withEmail = `${before}${who.email.toUpperCase()}${after}`;
          const withName = `${before}${name.toUpperCase()}${after}`;
          expect(await refusal(withEmail, who)).toBe('PASSWORD_PERSONAL');
          expect(await refusal(withName, who)).toBe('PASSWORD_PERSONAL');
        },
      ),
    );
  });

  it('counts a new password’s length in characters (code points), never in UTF-16 units (audit fix 4)', () => {
    // Emoji and other astral characters are two UTF-16 units each: `length` would count 😀😀😀😀 as 8.
    const astral = fc.integer({ min: 0x1_0000, max: 0x10_ffff }).map((c) => String.fromCodePoint(c));
    const character = fc.oneof(astral, fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }));
    fc.assert(
      fc.property(fc.array(character, { minLength: 1, maxLength: 16 }), (characters) => {
        const password = characters.join('');
        const result = newPasswordField().safeParse(password);
        const tooShortMessage = apiMessage('PASSWORD_TOO_SHORT', { min: PASSWORD_MIN_LENGTH });
        const tooShort = result.error?.issues.some((issue) => issue.message === tooShortMessage) ?? false;
        expect(tooShort).toBe(characters.length < PASSWORD_MIN_LENGTH);
      }),
    );
    expect(newPasswordField().safeParse('😀😀😀😀').success).toBe(false);
  });

  it('refuses any password made of one character repeated, whatever the character', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        fc.integer({ min: 8, max: 40 }),
        async (c, n) => {
          expect(await refusal(c.repeat(n), {})).toBeDefined();
        },
      ),
    );
  });

  it('refuses the application’s name and a season with a year, in English and German, however written (ASVS V6.2.11)', async () => {
    for (const password of [
      'Timeledger2026',
      'Summer2026!',
      'Winter2025',
      'Sommer2026!',
      'Herbst 2025',
      'T1meledger!',
    ]) {
      expect(await refusal(password)).toBe('PASSWORD_TOO_WEAK');
    }
    const season = fc.constantFrom(
      'Spring',
      'Summer',
      'Autumn',
      'Fall',
      'Winter',
      'Frühling',
      'Sommer',
      'Herbst',
    );
    const word = fc.oneof(season, fc.constantFrom('Timeledger', 'TimeLedger', 'Time Ledger'));
    const casing = fc.constantFrom(
      (w: string) => w,
      (w: string) => w.toUpperCase(),
      (w: string) => w.toLowerCase(),
    );
    await fc.assert(
      fc.asyncProperty(
        word,
        casing,
        fc.integer({ min: 1990, max: 2099 }),
        fc.constantFrom('', ' ', '-', '_', '.'),
        fc.stringMatching(/^[!?#*.]{0,3}$/),
        async (w, cased, year, separator, end) => {
          expect(await refusal(`${cased(w)}${separator}${year}${end}`, {})).toBe('PASSWORD_TOO_WEAK');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('still accepts a passphrase that merely holds a season among other words', async () => {
    expect(await refusal('summer rain over quiet copper hills')).toBeUndefined();
    expect(await refusal('Herbstlaub raschelt unter Nachbars Apfelbaum')).toBeUndefined();
  });
});
