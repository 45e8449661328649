import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The id of a finance activity an invoice books for its line `index` (`purpose`: `income` when it
 * is paid, `reversal` when a paid invoice is voided): ULID-shaped (the invoice id's time part,
 * then 16 characters of a SHA-256 of invoice, purpose and line), the same on every try, so a
 * repeated or concurrent booking books each line once.
 */
export function bookedActivityId(invoiceId: string, purpose: 'income' | 'reversal', index: number): string {
  const hash = createHash('sha256').update(`${invoiceId}#${purpose}#${index}`).digest();
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[hash[i]! % 32];
  return `${invoiceId.slice(0, 10)}${random}`;
}
