import { describe, expect, it } from 'vitest';
import { PRODUCTION_HASH_N, setHashCostForTests } from './hash-cost';
import { hashPassword, unusablePasswordHash, verifyAgainstDummy, verifyPassword } from './passwords';

// The hash's parameters as deployed (test/setup-env.ts lowers them for other files).
setHashCostForTests(PRODUCTION_HASH_N);

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

describe('the hash cost the API tests lower', () => {
  it('makes hashes that name their own N and verify whatever the cost is later', async () => {
    setHashCostForTests(2 ** 10);
    try {
      const cheap = await hashPassword('correct horse');
      expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
      setHashCostForTests(PRODUCTION_HASH_N);
      expect(await verifyPassword('correct horse', cheap)).toBe(true);
      expect(await verifyPassword('correct horsf', cheap)).toBe(false);
    } finally {
      setHashCostForTests(PRODUCTION_HASH_N);
    }
  });

  it('takes only a power of two no higher than the production N', () => {
    for (const N of [0, 1, 3, 1000, 2 ** 18, Number.NaN]) {
      expect(() => setHashCostForTests(N)).toThrow(/power of two/);
    }
  });
});
