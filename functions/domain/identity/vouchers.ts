import { randomBytes } from 'node:crypto';
import { TransactionFailed, transactWrite } from '../../data/core/transact';
import { setPremiumItem } from '../../data/identity/user-writes';
import type { UserRecord } from '../../data/identity/users';
import { claimVoucherItem, putVoucher } from '../../data/identity/vouchers';
import { ValidationError } from '../../lib/errors';
import { assertNotDemo } from './accounts';
import { guardVoucherClaim } from './rate-limit';

/**
 * Voucher codes: 16 characters of Crockford's base32 (80 random bits) in four groups of four,
 * e.g. `7K3M-Q9XD-2HPV-A4TN`. The alphabet has no I, L, O or U, so a code read aloud or typed
 * from paper survives; input is normalised (case, spaces, dashes, O→0, I/L→1) before lookup.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 16;
const GROUP = 4;

const group = (chars: string) => chars.match(new RegExp(`.{1,${GROUP}}`, 'g'))?.join('-') ?? '';

/** A new random code in canonical form. */
export function generateVoucherCode(): string {
  // 256 is a multiple of 32, so masking a byte to 5 bits is uniform.
  const bytes = randomBytes(LENGTH);
  return group(Array.from(bytes, (byte) => ALPHABET[byte & 31]).join(''));
}

/** The canonical form of what a person typed, or `undefined` if it cannot be a code. */
export function normalizeVoucherCode(input: string): string | undefined {
  const chars = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (chars.length !== LENGTH || [...chars].some((c) => !ALPHABET.includes(c))) return undefined;
  return group(chars);
}

/** Creates `count` new vouchers and answers their codes. */
export async function createVouchers(count: number): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const code = generateVoucherCode();
    // A collision in 80 bits is practically impossible, but the conditional put makes it harmless.
    if (await putVoucher(code)) codes.push(code);
  }
  return codes;
}

/**
 * Claims a voucher: in one transaction the voucher is marked as claimed by the user (only if it
 * exists and is unclaimed) and the user becomes premium — of two users racing for one code exactly
 * one wins. The demo account cannot claim vouchers. Failed tries are limited (`guardVoucherClaim`).
 */
export async function claimVoucher(user: UserRecord, input: string, sourceIp: string): Promise<true> {
  assertNotDemo(user);
  // Wrong codes are limited like wrong passwords: a code is 80 bits, but nobody may try them freely.
  const guard = await guardVoucherClaim(user._id, sourceIp);
  const code = normalizeVoucherCode(input);
  if (!code) throw new ValidationError('INVALID_VOUCHER_CODE', { param: 'code' });
  try {
    await transactWrite([claimVoucherItem(code, user._id), setPremiumItem(user._id)]);
  } catch (error) {
    if (error instanceof TransactionFailed) {
      throw new ValidationError('INVALID_VOUCHER_CODE', { param: 'code' });
    }
    throw error;
  }
  await guard.succeeded();
  return true;
}
