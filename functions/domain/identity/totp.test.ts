import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, newTotpSecret, otpauthUrl, totp } from './totp';

const ascii = (text: string) => Buffer.from(text, 'ascii');

describe('HOTP (RFC 4226 Appendix D test values)', () => {
  const key = ascii('12345678901234567890');
  const expected = [
    '755224',
    '287082',
    '359152',
    '969429',
    '338314',
    '254676',
    '287922',
    '162583',
    '399871',
    '520489',
  ];

  it.each(expected.map((code, counter) => [counter, code]))('counter %i gives %s', (counter, code) => {
    expect(hotp(key, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 Appendix B test vectors, 8 digits)', () => {
  const keys = {
    sha1: ascii('12345678901234567890'),
    sha256: ascii('12345678901234567890123456789012'),
    sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const vectors: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];

  it.each(vectors)('at %i s: SHA-1 %s, SHA-256 %s, SHA-512 %s', (seconds, sha1, sha256, sha512) => {
    expect(totp(keys.sha1, seconds * 1000, 8, 'sha1')).toBe(sha1);
    expect(totp(keys.sha256, seconds * 1000, 8, 'sha256')).toBe(sha256);
    expect(totp(keys.sha512, seconds * 1000, 8, 'sha512')).toBe(sha512);
  });

  it('answers the last 6 digits of the 8-digit code for 6 digits (the truncation is the same)', () => {
    expect(totp(keys.sha1, 59_000)).toBe('287082');
  });
});

describe('base32 (RFC 4648 §10 test vectors)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j ↔ %s', (text, encoded) => {
    expect(base32Encode(ascii(text))).toBe(encoded);
    expect(base32Decode(encoded).toString('ascii')).toBe(text);
  });

  it('decodes what it encodes, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect([...base32Decode(base32Encode(bytes))]).toEqual([...bytes]);
      }),
    );
  });
});

describe('checking a code', () => {
  const secret = newTotpSecret();
  const key = base32Decode(secret);
  const now = 1_800_000_000_000;
  const step = Math.floor(now / 30_000);

  it('accepts the code of now and of one step either side, and names its step', () => {
    expect(matchingStep(secret, totp(key, now), now)).toBe(step);
    expect(matchingStep(secret, totp(key, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, totp(key, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses a code two steps away, and a step already used', () => {
    expect(matchingStep(secret, totp(key, now - 60_000), now)).toBeUndefined();
    expect(matchingStep(secret, totp(key, now + 60_000), now)).toBeUndefined();
    expect(matchingStep(secret, totp(key, now), now, step)).toBeUndefined();
    expect(matchingStep(secret, totp(key, now + 30_000), now, step)).toBe(step + 1);
  });

  it('refuses anything that is not the six digits of a matching step', () => {
    const valid = new Set([-1, 0, 1].map((d) => totp(key, now + d * 30_000)));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^\d{6}$/)), (code) => {
        fc.pre(!valid.has(code));
        expect(matchingStep(secret, code, now)).toBeUndefined();
      }),
    );
  });

  it('makes a 32-character secret and an otpauth URL an authenticator app reads', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl(secret, 'ada+work@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Timeledger:ada+work@example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret,
      issuer: 'Timeledger',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
