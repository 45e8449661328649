import { expect } from 'vitest';
import { partition } from '../activities/helpers';

/**
 * What the recurring-expense tests read back from a user's partition: the booked expenses, the
 * rules and their booked-date keys; and the tax month rollups recomputed from the expenses alone.
 */

type Item = Record<string, unknown>;
const sk = (i: Item) => i.SK as string;

/** The user's expenses, rules and booked-date keys as stored. */
export async function stored(userId: string) {
  const items = await partition(userId);
  return {
    items,
    expenses: items.filter((i) => sk(i).startsWith('FIN#') && i.expense === true),
    rules: items.filter((i) => sk(i).startsWith('RECURRING#')),
    marks: items.filter((i) => sk(i).startsWith('RECURBOOKED#')),
  };
}

/** How many expenses of task `task` are booked on each day (`yyyy-mm-dd` → count). */
export function bookedDays(expenses: Item[], task: string): Map<string, number> {
  const days = new Map<string, number>();
  for (const e of expenses.filter((x) => x.activity === task)) {
    days.set(e.day as string, (days.get(e.day as string) ?? 0) + 1);
  }
  return days;
}

/** Each tax month rollup equals the sums of the month's expenses (amount, VAT, by category). */
export function expectTaxMonthsExact(items: Item[]) {
  const want = new Map<string, number>();
  const bump = (key: string, value: number) => want.set(key, (want.get(key) ?? 0) + value);
  for (const e of items.filter((i) => sk(i).startsWith('FIN#') && i.expense === true)) {
    const month = `${e.projectId}|${String(e.day).slice(0, 7)}`;
    bump(`${month}|expenseCents`, Number(e.amountCents));
    bump(`${month}|inputVatCents`, Number(e.vatCents ?? 0));
    bump(`${month}|c_${e.category ?? 'other'}`, Number(e.amountCents));
  }
  const have = new Map<string, number>();
  for (const m of items.filter((i) => sk(i).startsWith('TAXMONTH#'))) {
    for (const [name, value] of Object.entries(m)) {
      if (name === 'expenseCents' || name === 'inputVatCents' || name.startsWith('c_')) {
        have.set(`${m.projectId}|${m.month}|${name}`, Number(value));
      }
    }
  }
  const nonZero = (map: Map<string, number>) =>
    Object.fromEntries([...map].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)));
  expect(nonZero(have)).toEqual(nonZero(want));
}
