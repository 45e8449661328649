/**
 * scrypt's cost parameter N for new password hashes and the unknown-address check. A module of its
 * own that imports nothing, so the API tests' setup can lower it before a test file sets the
 * environment its configuration is then read from.
 */

/** The production N (OWASP's floor): every deployed function, `npm start` and the bundles' smoke hash at it. */
export const PRODUCTION_HASH_N = 2 ** 17;

let costN = PRODUCTION_HASH_N;

/** The N new hashes are made with in this process. */
export const hashCostN = (): number => costN;

/**
 * Sets N in this process only. The API tests lower it (`test/setup-env.ts`) where scrypt's cost is
 * not the subject — a sign-in then costs milliseconds, not a second of a shared core — and the
 * files about hashing, its cost and sign-ins under load set {@link PRODUCTION_HASH_N} back. Nothing
 * in `functions/` calls it. Hashes name their own N, so a hash made at either verifies at either.
 */
export function setHashCostForTests(N: number): void {
  if (!Number.isInteger(N) || N < 2 || (N & (N - 1)) !== 0 || N > PRODUCTION_HASH_N) {
    throw new Error(`scrypt's N must be a power of two from 2 to ${PRODUCTION_HASH_N}`);
  }
  costN = N;
}
