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

const MS_PER_HOUR = 3_600_000n;

/**
 * What `totalMs` of tracked time is worth at `rateCents` an hour, in whole cents: ms × rate ÷
 * 3,600,000, rounded half up (half a cent or more is a cent), in BigInt so no product can lose
 * precision. E.g. 1:07:13 (4,033,000 ms) at 33.33 is 3,733.886 cents → 3,734 (37.34); 30 minutes
 * at 0.01 is half a cent → 1 cent.
 */
export function trackedValueCents(totalMs: number, rateCents: number): number {
  const product = BigInt(Math.max(0, Math.round(totalMs))) * BigInt(rateCents);
  return Number((product * 2n + MS_PER_HOUR) / (2n * MS_PER_HOUR));
}
