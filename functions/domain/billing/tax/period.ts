import type { TaxPeriod } from '../../../../contract/enums';

/** The days and months of a tax period: a month (`m1`–`m12`), a quarter (`q1`–`q4`) or the year. */
export interface TaxPeriodRange {
  /** `yyyy-mm-dd`, inclusive. */
  from: string;
  to: string;
  /** `yyyy-mm`, inclusive. */
  firstMonth: string;
  lastMonth: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day of `month` (1–12) of `year`. */
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first and last month (1–12) of a period. */
export function periodMonths(period: TaxPeriod): [number, number] {
  if (period === 'year') return [1, 12];
  const n = Number(period.slice(1));
  return period.startsWith('q') ? [3 * n - 2, 3 * n] : [n, n];
}

/** The days and months of `period` of `year`. */
export function taxPeriodRange(year: number, period: TaxPeriod): TaxPeriodRange {
  const [first, last] = periodMonths(period);
  const y = String(year).padStart(4, '0');
  return {
    from: `${y}-${pad(first)}-01`,
    to: `${y}-${pad(last)}-${pad(lastDayOf(year, last))}`,
    firstMonth: `${y}-${pad(first)}`,
    lastMonth: `${y}-${pad(last)}`,
  };
}
