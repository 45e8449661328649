/**
 * The arithmetic of an invoice (CONTRACT §8), in integers so every figure is exact: hours in
 * hundredths, money in cents, the tax rate in hundredths of a percent. Every rounding is half up.
 */

export type RoundingMode = 'none' | 'up' | 'down' | 'nearest';
export interface Rounding {
  mode: RoundingMode;
  minutes: number;
}

export const NO_ROUNDING: Rounding = { mode: 'none', minutes: 1 };

/** One entry's duration after the user's rounding (to a multiple of `minutes`; `nearest`: half up). */
export function roundDurationMs(ms: number, rounding: Rounding): number {
  const step = rounding.minutes * 60_000;
  if (rounding.mode === 'none' || step <= 0) return ms;
  if (rounding.mode === 'up') return Math.ceil(ms / step) * step;
  if (rounding.mode === 'down') return Math.floor(ms / step) * step;
  return Math.floor((ms + step / 2) / step) * step;
}

/** `a × b ÷ d`, rounded half up, for non-negative integers (BigInt: no product loses precision). */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(d);
  return Number((product * 2n + divisor) / (2n * divisor));
}

/** Milliseconds in hours, rounded half up to 2 decimals, as hundredths (5,400,000 ms → 150). */
export const hoursHundredthsOf = (ms: number) => mulDivHalfUp(ms, 1, 36_000);

/** A line's amount: hours × rate, rounded half up to the cent. */
export const lineAmountCents = (hoursHundredths: number, rateCents: number) =>
  mulDivHalfUp(hoursHundredths, rateCents, 100);

export interface Totals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Subtotal, tax (subtotal × rate ÷ 100, half up; 0 with reverse charge) and total. */
export function invoiceTotals(
  amountsCents: number[],
  taxRateHundredths: number,
  reverseCharge: boolean,
): Totals {
  const subtotalCents = amountsCents.reduce((sum, a) => sum + a, 0);
  const taxCents = reverseCharge ? 0 : mulDivHalfUp(subtotalCents, taxRateHundredths, 10_000);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}
