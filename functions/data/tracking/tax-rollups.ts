import { EXPENSE_CATEGORIES, type ExpenseCategory } from '../../../contract/enums';
import { taxMonthKey, taxMonthRange } from '../core/keys';
import type { Contribution, EntryRollupFamily } from './rollup-family';
import { ROLLUP_LEVELS } from './rollup-levels';

export { financeRollupLevelOfItem } from './rollup-levels';

/**
 * The tax month family (the tax report reads it in `./tax-months.ts`; registered in
 * `./rollup-registry.ts`, written by the generic writer `./rollups.ts`). One
 * item per project and calendar month, in the user's partition:
 *
 *   tax month   `TAXMONTH#<projectId>#<yyyy-mm>`   incomeCents, expenseCents, inputVatCents (the
 *               expenses' VAT), incomeVatCents (the incomes' VAT), `c_<category>` (expense cents
 *               per category)
 *
 * Only finance entries touch it, ADDed in the entry's own transaction (one item more per income or
 * expense; time entries write nothing more), so a year's figures are ≈ 12 items per project with
 * money in it, however many entries the year holds.
 */

/**
 * Which rollups a finance entry's item has been counted in, stored on the entry as `rollupLevel`
 * (the levels: `./rollup-levels.ts`): 1 and on, the tax month item. An edit or delete takes out
 * what the stored entry was counted in; `npm run backfill:tax` raises the others.
 */
export const FINANCE_ROLLUP_LEVEL = ROLLUP_LEVELS.finance;

/** The attribute holding an expense category's cents. */
export const categoryAttribute = (category: ExpenseCategory) => `c_${category}`;

/** Every category attribute, in the contract's order. */
export const CATEGORY_ATTRIBUTES = EXPENSE_CATEGORIES.map((c) => [c, categoryAttribute(c)] as const);

/** What one finance entry adds to its tax month: its money, its VAT, an expense's category. */
function taxDelta(c: Contribution, sign: 1 | -1): Record<string, number> {
  const vat = c.vatCents ?? 0;
  const add: Record<string, number> = {
    incomeCents: sign * c.incomeCents,
    expenseCents: sign * c.expenseCents,
  };
  if (c.expense) {
    add.inputVatCents = sign * vat;
    add[categoryAttribute(c.category ?? 'other')] = sign * c.expenseCents;
  } else {
    add.incomeVatCents = sign * vat;
  }
  return add;
}

const monthOf = (day: string) => day.slice(0, 7);

/** A project's money of one calendar month (finance level 1 on). */
export const TAX_MONTH: EntryRollupFamily = {
  name: 'taxMonth',
  writtenBy: 'entry',
  counts: { finance: 1 },
  items: (userId, c) => [
    {
      key: taxMonthKey(userId, c.projectId, monthOf(c.day)),
      set: { type: 'TAXMONTH', projectId: c.projectId, month: monthOf(c.day) },
    },
  ],
  delta: taxDelta,
  read: { period: monthOf, range: taxMonthRange },
};
