import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { hashCostN, PRODUCTION_HASH_N } from './hash-cost';
import { withHashSlot } from './hash-slots';

/**
 * Password hashing with scrypt (N=2^17, r=8, p=1: OWASP's recommended floor). The parameters are
 * stored in the hash so they can be raised later without breaking existing accounts. scrypt needs
 * 128·N·r bytes = 128 MiB here, above Node's 32 MiB default, hence the raised `maxmem` — and
 * functions that hash need enough memory (see the infra's memory setting for the auth routes).
 */
const PARAMS = { N: PRODUCTION_HASH_N, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const PREFIX = 'scrypt';

function maxmem(N: number, r: number): number {
  return 128 * N * r * 2;
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: maxmem(N, r) };
  // The callback form runs on libuv's thread pool, so a hash never blocks the event loop; at most
  // a few run at once in a process, and none past the request's time (503 instead: `hash-slots.ts`).
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** Hashes a password with a fresh per-user salt: `scrypt$N$r$p$<salt b64>$<key b64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const N = hashCostN();
  const key = await derive(password, salt, N, PARAMS.r, PARAMS.p);
  return [PREFIX, N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Checks a password against a stored hash in constant time. A malformed or unusable stored hash
 * (for example the demo account's) never matches, but still costs one full hash.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  const [prefix, n, r, p, salt, key] = parts;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  const wellFormed =
    parts.length === 6 &&
    prefix === PREFIX &&
    Number.isInteger(N) &&
    N >= 2 &&
    (N & (N - 1)) === 0 &&
    N <= 2 ** 20 &&
    Number.isInteger(R) &&
    R >= 1 &&
    R <= 32 &&
    Number.isInteger(P) &&
    P >= 1 &&
    P <= 16 &&
    Boolean(salt) &&
    Boolean(key);
  if (!wellFormed) {
    await verifyAgainstDummy(password);
    return false;
  }
  const expected = Buffer.from(key as string, 'base64');
  const actual = await derive(password, Buffer.from(salt as string, 'base64'), N, R, P);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const dummySalt = randomBytes(SALT_BYTES);
const dummyKey = randomBytes(KEY_LENGTH);

/**
 * Spends the same time as a real check and always fails: used for unknown emails, so the answer's
 * timing does not tell whether an address is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  const actual = await derive(password, dummySalt, hashCostN(), PARAMS.r, PARAMS.p);
  timingSafeEqual(dummyKey, actual);
  return false;
}

/** A value that looks like a hash but matches no password (accounts that must not log in by password). */
export function unusablePasswordHash(): string {
  return `!unusable$${randomBytes(16).toString('base64')}`;
}
