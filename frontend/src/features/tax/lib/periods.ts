import { TAX_PERIODS, type TaxPeriod, VAT_BASES, type VatBasis } from '@contract/enums';
import { TAX_YEAR_MAX, TAX_YEAR_MIN } from '@contract/tax';

/** What `/tax` shows: a year, a month, quarter or the whole year of it, and the basis. */
export interface TaxChoice {
  year: number;
  period: TaxPeriod;
  basis: VatBasis;
}

/** The quarter a moment is in (`q1`–`q4`), by its month where the person is. */
export function quarterOf(day: Date): TaxPeriod {
  return `q${Math.floor(day.getMonth() / 3) + 1}` as TaxPeriod;
}

/** How many years back the year picker reaches (a return may be corrected for years). */
const YEARS_BACK = 10;

/** The years to pick from: next year down to ten years back, and `chosen` when it lies outside. */
export function yearOptions(today: Date, chosen: number): number[] {
  const current = today.getFullYear();
  const years: number[] = [];
  for (let y = current + 1; y >= current - YEARS_BACK; y--) years.push(y);
  if (!years.includes(chosen)) years.push(chosen);
  return years.sort((a, b) => b - a);
}

/** Reads a year from the address bar: four digits the API accepts, else `undefined`. */
function yearParam(value: string | null): number | undefined {
  if (!value || !/^\d{4}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= TAX_YEAR_MIN && year <= TAX_YEAR_MAX ? year : undefined;
}

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/**
 * The choice of `/tax` from its address (`?year=2026&period=q2&basis=accrual`, each optional):
 * what is missing or unreadable is this quarter of this year, on the user's basis.
 */
export function choiceFromParams(params: URLSearchParams, today: Date, userBasis: VatBasis): TaxChoice {
  const period = params.get('period');
  const basis = params.get('basis');
  return {
    year: yearParam(params.get('year')) ?? today.getFullYear(),
    period: isOneOf(TAX_PERIODS, period) ? period : quarterOf(today),
    basis: isOneOf(VAT_BASES, basis) ? basis : userBasis,
  };
}

/** The address of a choice; the basis only where it differs from the user's setting. */
export function paramsOfChoice(choice: TaxChoice, userBasis: VatBasis): URLSearchParams {
  const params = new URLSearchParams({ year: String(choice.year), period: choice.period });
  if (choice.basis !== userBasis) params.set('basis', choice.basis);
  return params;
}

/** The months and quarters in the picker's order: the year, its quarters, its months. */
export const PERIOD_GROUPS = {
  year: ['year'],
  quarters: TAX_PERIODS.filter((p) => p.startsWith('q')),
  months: TAX_PERIODS.filter((p) => p.startsWith('m')),
} as const satisfies Record<string, readonly TaxPeriod[]>;
