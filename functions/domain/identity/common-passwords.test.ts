import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword, TOP } from './common-passwords';

const list = dictionary['passwords-common'] as string[];

describe('the common-password list', () => {
  it('is the 8+ character entries of the dictionary’s 20,000 most common passwords', async () => {
    expect(list.length).toBeGreaterThanOrEqual(TOP);
    expect(TOP).toBeGreaterThanOrEqual(10_000);
    const refused = await commonPasswords();
    expect(refused.size).toBe(7348);
    expect([...refused].every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
    // The 20,001st entry onwards is left to the strength estimator.
    const beyond = list.slice(TOP).find((p) => p.length >= 8 && !refused.has(p.toLowerCase()));
    expect(beyond).toBeDefined();
  });

  it('refuses the most common passwords in any letter case', async () => {
    for (const password of [
      'password',
      '12345678',
      'qwertyuiop',
      'iloveyou',
      'PassWord',
      'QWERTYUIOP',
      'baseball1',
    ]) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
  });

  it('refuses every one of the 10,000 most common that is long enough to be a password here', async () => {
    const top = list.slice(0, 10_000).filter((password) => password.length >= 8 && password.length <= 200);
    expect(top.length).toBeGreaterThan(3000);
    const missed = [];
    for (const password of top) if (!(await isCommonPassword(password))) missed.push(password);
    expect(missed).toEqual([]);
  });

  it('accepts passwords that are not on the list', async () => {
    for (const password of [
      'correct horse battery',
      'a brand new secret',
      'Zürich-Bärengraben-42',
      '東京タワーの夜景',
    ]) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });
});
