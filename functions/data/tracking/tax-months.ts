import type { ExpenseCategory } from '../../../contract/enums';
import { queryRollupRange } from './rollup-range';
import { CATEGORY_ATTRIBUTES, TAX_MONTH } from './tax-rollups';

/**
 * The READ side of the tax month rollups (written by `./tax-rollups.ts` in each finance entry's
 * transaction): one range Query per project (`./rollup-range.ts`), ≤ 12 items for a year whatever the entries.
 *
 *   `USER#<uid>` / SK BETWEEN `TAXMONTH#<pid>#<first>` AND `TAXMONTH#<pid>#<last>`
 */

/** One project's month of money, as its tax month item holds it. */
export interface TaxMonthTotals {
  projectId: string;
  /** `yyyy-mm`. */
  month: string;
  incomeCents: number;
  expenseCents: number;
  /** The expenses' VAT (`vatCents` of expenses). */
  inputVatCents: number;
  /** The incomes' VAT (`vatCents` of incomes). */
  incomeVatCents: number;
  /** Expense cents per category (categories without any left out). */
  byCategory: Partial<Record<ExpenseCategory, number>>;
}

/** Access pattern: a project's tax month rollups from `first` to `last` (`yyyy-mm`, inclusive). */
export async function queryTaxMonths(
  userId: string,
  projectId: string,
  first: string,
  last: string,
): Promise<TaxMonthTotals[]> {
  const items = await queryRollupRange(TAX_MONTH, userId, projectId, first, last);
  return items.map((item) => {
    const byCategory: Partial<Record<ExpenseCategory, number>> = {};
    for (const [category, attribute] of CATEGORY_ATTRIBUTES) {
      const cents = Number(item[attribute] ?? 0);
      if (cents !== 0) byCategory[category] = cents;
    }
    return {
      projectId,
      month: String(item.month),
      incomeCents: Number(item.incomeCents ?? 0),
      expenseCents: Number(item.expenseCents ?? 0),
      inputVatCents: Number(item.inputVatCents ?? 0),
      incomeVatCents: Number(item.incomeVatCents ?? 0),
      byCategory,
    };
  });
}
