import { MAX_AMOUNT } from './limits';

/**
 * Money is stored and summed as integer cents, so totals stay exact whatever the order and number
 * of writes; the API speaks decimal numbers exact to the cent (1230 cents ⇄ 12.3).
 */

export { MAX_AMOUNT };

/**
 * Why a string test and not `Math.round(x * 100)`: `String(n)` is the shortest text that reads
 * back as `n`, so `12.34` passes and `0.1 + 0.2` (0.30000000000000004) or `1e-7` are refused
 * instead of being silently rounded into a different amount.
 */
const TWO_DECIMALS = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The number of cents of a non-negative decimal amount with at most two decimals, or `undefined`
 * when the value is not one (negative, NaN, infinite, too many decimals, above {@link MAX_AMOUNT}).
 */
export function amountToCents(amount: number): number | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount > MAX_AMOUNT) {
    return undefined;
  }
  const match = TWO_DECIMALS.exec(String(amount));
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return whole * 100 + Number(fraction);
}

/**
 * The decimal amount of a number of cents. An integer divided by 100 is the double nearest to the
 * decimal, so `centsToAmount(1230)` is exactly the literal `12.3` and prints as "12.3".
 */
export function centsToAmount(cents: number): number {
  return cents / 100;
}
