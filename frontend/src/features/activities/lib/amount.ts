/**
 * Amount rules of the income and expense forms: the input is a decimal number; the API takes a
 * non-negative amount with at most 2 decimals and says the side with `expense`.
 */

/** The positive amount to send for what was typed (an expense may be shown negated), to the cent. */
export function amountToSend(typed: string): number | null {
  const normalised = typed.trim().replace(',', '.');
  if (normalised === '') return 0;
  const n = Number(normalised);
  if (!Number.isFinite(n)) return null;
  return Math.round(Math.abs(n) * 100) / 100;
}

/** What the edit form shows: an expense as a negative amount. */
export function amountToShow(amount: number, expense: boolean): string {
  return String(expense && amount !== 0 ? -amount : amount);
}
