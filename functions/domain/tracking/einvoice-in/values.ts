import { EinvoiceUnreadable } from './unreadable';

/**
 * The values of a received e-invoice as EN 16931 writes them, read exactly: amounts as decimal
 * text to integer cents (no float ever holds one), dates of either syntax to `yyyy-mm-dd`.
 */

/**
 * An amount (`1234.5`, `1234.50`, `-0.01`, `+7`, `.5`) in integer cents. More than two decimals is
 * refused unless the extra digits are zeros (`12.3400`): EN 16931 amounts carry at most two.
 */
export function amountCents(text: string | undefined, what: string): number {
  // xs:decimal: digits before or after the point, or both (`12`, `12.`, `.5`, `12.50`).
  const match = /^([+-]?)(\d{0,13})(?:\.(\d{0,20}))?$/.exec((text ?? '').trim());
  if (!match || (!match[2] && !match[3])) {
    throw new EinvoiceUnreadable(`${what} is not an amount: ${JSON.stringify(text ?? null)}`);
  }
  const [, sign, whole = '', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) throw new EinvoiceUnreadable(`${what} has more than two decimals`);
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** `yyyy-mm-dd` if it names a day of the calendar. */
function realDay(year: string, month: string, day: string): string | undefined {
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : undefined;
}

/** CII's date of format 102 (`20260302`) as `yyyy-mm-dd`. */
export function ciiDay(text: string | undefined, format: string | undefined): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec((text ?? '').trim());
  const day = format === '102' && match ? realDay(match[1] ?? '', match[2] ?? '', match[3] ?? '') : undefined;
  if (!day) throw new EinvoiceUnreadable(`the issue date is not a date of format 102: ${text ?? 'none'}`);
  return day;
}

/** UBL's `xs:date` (`2026-03-02`, perhaps with a zone, `2026-03-02+01:00`) as `yyyy-mm-dd`. */
export function ublDay(text: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec((text ?? '').trim());
  const day = match ? realDay(match[1] ?? '', match[2] ?? '', match[3] ?? '') : undefined;
  if (!day) throw new EinvoiceUnreadable(`the issue date is not a date: ${text ?? 'none'}`);
  return day;
}

/**
 * The invoice type codes (BT-3, UNTDID 1001) booked as an expense: commercial invoice 380,
 * partial 326, corrected 384, self-billed 389, prepayment 386, the partial and final construction
 * invoices 875–877, and 751 (invoice information for accounting). Credit notes (381 and the
 * others of their kind) and every other document are refused: an expense cannot be negative.
 */
export const BOOKED_TYPE_CODES: ReadonlySet<string> = new Set([
  '380',
  '326',
  '384',
  '389',
  '386',
  '751',
  '875',
  '876',
  '877',
]);

/** The type code if it is one booked as an expense; {@link EinvoiceUnreadable} otherwise. */
export function bookedTypeCode(code: string | undefined): string {
  const trimmed = (code ?? '').trim();
  if (!BOOKED_TYPE_CODES.has(trimmed)) {
    throw new EinvoiceUnreadable(
      trimmed === '381' ? 'a credit note is not booked as an expense' : `type code ${trimmed || 'none'}`,
    );
  }
  return trimmed;
}

/** A name or number as one line: runs of white space (new lines of a pretty-printed file) as one space. */
export const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
