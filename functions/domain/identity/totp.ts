import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 on RFC 4226's HOTP): HMAC-SHA-1, 6 digits, 30-second
 * steps, one step either side accepted for clock drift — what every authenticator app uses by
 * default. Written on `node:crypto` (about 40 lines) rather than a library: the whole algorithm is
 * one HMAC and a truncation, and `totp.test.ts` checks it against the RFCs' own test vectors.
 */

export const STEP_SECONDS = 30;
export const DIGITS = 6;
/** Steps either side of now that are accepted (RFC 6238 §5.2 recommends at most one). */
export const DRIFT_STEPS = 1;
/** 160-bit secrets, as RFC 4226 §4 recommends (R6) and the SHA-1 block suits. */
const SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, without padding (what `otpauth://` URLs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of an RFC 4648 base32 text (case, spaces and padding ignored); throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Not base32');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export type HmacAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** RFC 4226 HOTP: the `digits`-digit code of a counter (RFC 6238 allows SHA-256/512 too). */
export function hotp(
  key: Uint8Array,
  counter: number,
  digits = DIGITS,
  algorithm: HmacAlgorithm = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hash = createHmac(algorithm, key).update(message).digest();
  const offset = (hash[hash.length - 1] ?? 0) & 0x0f;
  const binary = hash.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment falls in. */
export const stepAt = (timeMs: number) => Math.floor(timeMs / 1000 / STEP_SECONDS);

/** RFC 6238 TOTP: the code of a moment. */
export const totp = (key: Uint8Array, timeMs: number, digits = DIGITS, algorithm: HmacAlgorithm = 'sha1') =>
  hotp(key, stepAt(timeMs), digits, algorithm);

/**
 * The step whose code `code` is, within `DRIFT_STEPS` of now and after `afterStep` (a step
 * already used is never accepted again); `undefined` when none. Every candidate is compared, in
 * constant time, so the answer's timing says nothing about the code.
 */
export function matchingStep(
  secret: string,
  code: string,
  nowMs: number,
  afterStep = -1,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const key = base32Decode(secret);
  const now = stepAt(nowMs);
  let found: number | undefined;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code));
    if (same && step > afterStep && found === undefined) found = step;
  }
  return found;
}

/** A new random secret, base32. */
export const newTotpSecret = () => base32Encode(randomBytes(SECRET_BYTES));

/** The `otpauth://` URL an authenticator app scans (Key Uri Format), the account named by its email. */
export function otpauthUrl(secret: string, account: string, issuer = 'Timeledger'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(DIGITS),
    period: String(STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
