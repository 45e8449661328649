import { EXPENSE_CATEGORIES, type ExpenseCategory } from '../../../contract/enums';
import { taxMonthKey } from '../core/keys';

/**
 * The WRITE side of the tax month rollups (the tax report reads them in `./tax-months.ts`). One
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
 * Which rollups a finance entry's item has been counted in, stored on the entry as `rollupLevel`:
 *   0 — none beyond the day rollup and the task index (entries stored before the tax report);
 *   1 — and the tax month item.
 * An edit or delete takes out what the stored entry was counted in; `npm run backfill:tax` raises
 * the others.
 */
export const FINANCE_ROLLUP_LEVEL = 1;

/** The level of a stored finance entry item (see `FINANCE_ROLLUP_LEVEL`). */
export const financeRollupLevelOfItem = (item: Record<string, unknown>): number =>
  typeof item.rollupLevel === 'number' ? item.rollupLevel : 0;

/** The attribute holding an expense category's cents. */
export const categoryAttribute = (category: ExpenseCategory) => `c_${category}`;

/** Every category attribute, in the contract's order. */
export const CATEGORY_ATTRIBUTES = EXPENSE_CATEGORIES.map((c) => [c, categoryAttribute(c)] as const);

/** What a tax month rollup needs of one finance entry's contribution (`Contribution` in `./rollups.ts`). */
interface Contribution {
  projectId: string;
  day: string;
  incomeCents: number;
  expenseCents: number;
  /** Finance entries: whether it is an expense, its VAT and (an expense's) category. */
  expense?: boolean;
  vatCents?: number;
  category?: ExpenseCategory;
  rollupLevel?: number;
}

/** One item change, as `Effect` in `./rollups.ts` (which imports this module). */
interface Effect {
  key: { PK: string; SK: string };
  add: Record<string, number>;
  set: Record<string, unknown>;
  mustExist: boolean;
}

/** The tax month effect of adding (`sign` 1) or removing (-1) one finance entry; none below level 1. */
export function taxMonthEffects(userId: string, c: Contribution, sign: 1 | -1): Effect[] {
  if ((c.rollupLevel ?? FINANCE_ROLLUP_LEVEL) < 1) return [];
  const month = c.day.slice(0, 7);
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
  return [
    {
      key: taxMonthKey(userId, c.projectId, month),
      add,
      set: { type: 'TAXMONTH', projectId: c.projectId, month },
      mustExist: false,
    },
  ];
}
