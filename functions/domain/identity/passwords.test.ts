import { describe, expect, it } from 'vitest';
import { hashPassword, unusablePasswordHash, verifyAgainstDummy, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('accepts the right password and refuses any other', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts each hash and records scrypt’s parameters N=2^17, r=8, p=1', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(a).not.toBe(b);
  });

  it('treats a unicode password in either normal form as the same password', async () => {
    const hash = await hashPassword('Zo\u00eb');
    expect(await verifyPassword('Zoe\u0308', hash)).toBe(true);
  });

  it('never matches an unusable, malformed or missing hash', async () => {
    for (const stored of [
      unusablePasswordHash(),
      'scrypt$1$1',
      '',
      undefined,
      'scrypt$99999999$8$1$c2FsdA==$a2V5',
      'scrypt$1000$8$1$c2FsdA==$a2V5',
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
