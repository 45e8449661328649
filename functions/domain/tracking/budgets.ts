import { type BudgetAnswer, MS_PER_HOUR, type RateFloor, type StoredBudget } from '../../../contract/budgets';
import { centsToAmount, trackedValueCents } from '../../../contract/money';

/**
 * The budget and rate-floor figures of a project (§8), pure: integer ms and cents in, the API's
 * numbers out. Every division is done once, on exact integers (BigInt where a product could pass
 * 2^53), so money is exact to the cent and hours to the millisecond.
 */

/** What the figures are made of: the project's totals and what its budget's period holds. */
export interface BudgetInputs {
  budget: StoredBudget | null;
  targetRateCents: number | null;
  hourlyRateCents: number | null;
  totalMs: number;
  totalIncomeCents: number;
  totalExpensesCents: number;
  /** Time tracked in the budget's period: `totalMs` for a total budget, this month's for a monthly one. */
  periodMs: number;
}

export interface BudgetFigures {
  budget: BudgetAnswer | null;
  targetHourlyRate: number | null;
  budgetUsed: number | null;
  budgetPercent: number | null;
  rateFloor: RateFloor;
}

const HOUR = BigInt(MS_PER_HOUR);

/** `a ÷ b` rounded half away from zero, for integers (b > 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  const half = a >= 0n ? b : -b;
  return (2n * a + half) / (2n * b);
}

/** What a budget has used in its period, in its own unit: ms (hours) or cents (money at the hourly rate). */
export function budgetUsedUnits(
  budget: StoredBudget,
  periodMs: number,
  hourlyRateCents: number | null,
): number {
  if (budget.kind === 'hours') return periodMs;
  return hourlyRateCents === null ? 0 : trackedValueCents(periodMs, hourlyRateCents);
}

/** Whole percent of a budget used, rounded down (99.9 % is not yet 100 %). */
export function budgetPercentOf(usedUnits: number, budget: StoredBudget): number {
  return Number((BigInt(usedUnits) * 100n) / BigInt(budget.amount));
}

/** A stored budget as the API answers it: hours as a decimal number of hours, money as an amount. */
export function budgetAnswer(budget: StoredBudget): BudgetAnswer {
  const amount = budget.kind === 'hours' ? budget.amount / MS_PER_HOUR : centsToAmount(budget.amount);
  return { kind: budget.kind, amount, period: budget.period };
}

/**
 * The rate floor: earned per hour = (income − expenses) ÷ hours, to the cent (null with no hours);
 * hours left = max(0, (income − expenses) ÷ target − hours), to the ms (null without a target).
 */
export function rateFloorOf(i: Omit<BudgetInputs, 'budget' | 'hourlyRateCents' | 'periodMs'>): RateFloor {
  const profit = BigInt(i.totalIncomeCents - i.totalExpensesCents);
  const ms = BigInt(Math.max(0, Math.round(i.totalMs)));
  const earnedPerHour = ms === 0n ? null : centsToAmount(Number(divideRounded(profit * HOUR, ms)));
  if (i.targetRateCents === null) return { earnedPerHour, hoursLeft: null };
  // The ms the profit pays for at the target, rounded down: what may still be spent is never overstated.
  const affordableMs = profit <= 0n ? 0n : (profit * HOUR) / BigInt(i.targetRateCents);
  const leftMs = affordableMs > ms ? affordableMs - ms : 0n;
  return { earnedPerHour, hoursLeft: Number(leftMs) / MS_PER_HOUR };
}

/**
 * Whether the project earns less per hour than its target. Never without a target, and never
 * before the project has both hours and income (issue 34, item 2): a new project's first entry
 * is not a project earning €0.00 an hour.
 */
export function belowTarget(i: Omit<BudgetInputs, 'budget' | 'hourlyRateCents' | 'periodMs'>): boolean {
  if (i.targetRateCents === null || i.totalMs <= 0 || i.totalIncomeCents <= 0) return false;
  // profit ÷ hours < target  ⇔  profit × 3,600,000 < target × ms
  const profit = BigInt(i.totalIncomeCents - i.totalExpensesCents);
  return profit * HOUR < BigInt(i.targetRateCents) * BigInt(Math.round(i.totalMs));
}

/** Every budget figure of a project. */
export function budgetFigures(i: BudgetInputs): BudgetFigures {
  const rateFloor = rateFloorOf(i);
  const targetHourlyRate = i.targetRateCents === null ? null : centsToAmount(i.targetRateCents);
  if (!i.budget) return { budget: null, targetHourlyRate, budgetUsed: null, budgetPercent: null, rateFloor };
  const used = budgetUsedUnits(i.budget, i.periodMs, i.hourlyRateCents);
  return {
    budget: budgetAnswer(i.budget),
    targetHourlyRate,
    budgetUsed: i.budget.kind === 'hours' ? used / MS_PER_HOUR : centsToAmount(used),
    budgetPercent: budgetPercentOf(used, i.budget),
    rateFloor,
  };
}

/** The calendar month (`yyyy-mm`, UTC) a monthly budget counts at `now`, and its first and last day. */
export function currentMonth(now: Date): { month: string; firstDay: string; lastDay: string } {
  const month = now.toISOString().slice(0, 7);
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return { month, firstDay: `${month}-01`, lastDay: last.toISOString().slice(0, 10) };
}
