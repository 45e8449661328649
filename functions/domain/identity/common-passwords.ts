import { brotliDecompressSync } from 'node:zlib';
import { COMMON_PASSWORDS_BROTLI } from './common-passwords.data';

/**
 * The most common passwords (ASVS 5.0 §6.2.4), from the generated `common-passwords.data.ts`
 * (`scripts/common-passwords.ts`). Unpacked into a Set on first use (about 7,000 entries, a few
 * milliseconds), so only the functions that set a password pay for it, once per instance.
 */
let common: Set<string> | undefined;

/** Whether a password is one of the most common ones, in any letter case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    brotliDecompressSync(Buffer.from(COMMON_PASSWORDS_BROTLI, 'base64')).toString('utf8').split('\n'),
  );
  return common.has(password.normalize('NFKC').toLowerCase());
}
