import type { TFunction } from 'i18next';
import type { FormatPrefs } from '@/lib/format';
import type { Project } from '../api/get-projects';

type T = TFunction;

const HOUR_MS = 3_600_000;

/** Hours as "12 h 30 min" (whole minutes, rounded down, so nothing is promised that is not there). */
export function hoursInWords(hours: number, t: T): string {
  const minutes = Math.floor((hours * HOUR_MS) / 60_000 + 1e-9);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('budget.minutes', { m });
  return m === 0 ? t('budget.hours', { h }) : t('budget.hoursMinutes', { h, m });
}

/** An amount as money, without cents when it has none ("€60", "€62.50"). */
export function moneyShort(amount: number, user: FormatPrefs | null): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(user?.numberFormat ?? 'en-US', {
    style: 'currency',
    currency: user?.currency ?? 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A budget's amount or use in its unit: hours in words, money as money. */
const inUnit = (p: Project, value: number, user: FormatPrefs | null, t: T) =>
  p.budget?.kind === 'hours' ? hoursInWords(value, t) : moneyShort(value, user);

/** "8 h of 10 h used this month (80 %)", or null without a budget. */
export function budgetUseWords(p: Project, user: FormatPrefs | null, t: T): string | null {
  if (!p.budget || p.budgetUsed === null) return null;
  return t(p.budget.period === 'monthly' ? 'budget.usedMonthly' : 'budget.usedTotal', {
    used: inUnit(p, p.budgetUsed, user, t),
    amount: inUnit(p, p.budget.amount, user, t),
    percent: p.budgetPercent ?? 0,
  });
}

/**
 * Whether the rate floor can be judged: only once the project has both hours and income (issue 34,
 * item 2) — before that "no hours left" or "earning €0.00/h" would be a verdict on nothing.
 */
export const rateFloorJudged = (p: Project) => p.totalHours > 0 && p.totalIncome > 0;

/**
 * The rate floor in words: "12 h 30 min left at your €60/h target", or — once none are left —
 * what an hour earns against the target; before there are hours and income, that it is waiting
 * for them. Null without a target.
 */
export function rateFloorWords(p: Project, user: FormatPrefs | null, t: T): string | null {
  if (p.targetHourlyRate === null) return null;
  const target = moneyShort(p.targetHourlyRate, user);
  if (!rateFloorJudged(p)) return t('budget.targetWaiting', { target });
  const { earnedPerHour, hoursLeft } = p.rateFloor;
  if (hoursLeft !== null && hoursLeft > 0) {
    return t('budget.hoursLeft', { duration: hoursInWords(hoursLeft, t), target });
  }
  if (earnedPerHour !== null && earnedPerHour < p.targetHourlyRate) {
    return t('budget.belowTarget', { earned: moneyShort(earnedPerHour, user), target });
  }
  return t('budget.noHoursLeft', { target });
}

/** Whether a project needs attention: a budget at 80 % or more, or earning below its target. */
export const needsAttention = (p: Project) =>
  (p.budgetPercent ?? 0) >= 80 ||
  (p.targetHourlyRate !== null &&
    rateFloorJudged(p) &&
    p.rateFloor.earnedPerHour !== null &&
    p.rateFloor.earnedPerHour < p.targetHourlyRate);
