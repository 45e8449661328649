/**
 * Amount rules of the income and expense forms: the input is a decimal number in the user's number
 * format (`lib/decimal.ts`); the API takes a non-negative amount with at most 2 decimals and says
 * the side with `expense`.
 */
import { parseDecimal } from '@/lib/decimal';

/**
 * The positive amount to send for what was typed (an expense may be shown negated), to the cent;
 * empty is 0, unreadable null (`59,90` is 59.90 in every format, never 5990).
 */
export function amountToSend(typed: string, locale: string): number | null {
  if (typed.trim() === '') return 0;
  const n = parseDecimal(typed, locale, { negative: true });
  if (n === null) return null;
  return Math.round(Math.abs(n) * 100) / 100;
}

/** What the edit form shows: an expense as a negative amount, in the user's number format. */
export function amountToShow(amount: number, expense: boolean, locale: string): string {
  const shown = expense && amount !== 0 ? -amount : amount;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(shown);
}
