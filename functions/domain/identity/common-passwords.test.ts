import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { refusedEntries, sourceList, TOP } from '../../../scripts/common-passwords';
import { isCommonPassword } from './common-passwords';
import {
  COMMON_PASSWORDS_BROTLI,
  COMMON_PASSWORDS_COUNT,
  COMMON_PASSWORDS_SOURCE,
} from './common-passwords.data';

describe('the common-password list', () => {
  it('holds exactly the 8+ character entries of the package’s most common passwords (regenerate after an update)', () => {
    const stored = brotliDecompressSync(Buffer.from(COMMON_PASSWORDS_BROTLI, 'base64'))
      .toString('utf8')
      .split('\n');
    const list = sourceList();

    expect(list.length).toBeGreaterThanOrEqual(TOP);
    expect(TOP).toBeGreaterThanOrEqual(10_000);
    expect(stored).toEqual(refusedEntries(list));
    expect(stored).toHaveLength(COMMON_PASSWORDS_COUNT);
    expect(COMMON_PASSWORDS_SOURCE).toMatch(/^@zxcvbn-ts\/language-common@\d/);
  });

  it('refuses the most common passwords in any letter case', () => {
    for (const password of [
      'password',
      '12345678',
      'qwertyuiop',
      'iloveyou',
      'PassWord',
      'Baseball1'.toLowerCase(),
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
  });

  it('refuses every one of the 10,000 most common that is long enough to be a password here', () => {
    const top = sourceList()
      .slice(0, 10_000)
      .filter((password) => password.length >= 8 && password.length <= 200);
    expect(top.length).toBeGreaterThan(3000);
    expect(top.filter((password) => !isCommonPassword(password))).toEqual([]);
  });

  it('accepts passwords that are not on the list', () => {
    for (const password of [
      'correct horse battery',
      'a brand new secret',
      'Zürich-Bärengraben-42',
      '東京タワーの夜景',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
