import type { TaxPeriod, VatBasis } from '@contract/enums';

/*
 * The catalogue keys of the tax screen's choices, written out so every key is found where it is
 * used (the catalogue check reads the code for each key).
 */

export const PERIOD_WORDS = {
  year: 'tax.periods.year',
  q1: 'tax.periods.q1',
  q2: 'tax.periods.q2',
  q3: 'tax.periods.q3',
  q4: 'tax.periods.q4',
  m1: 'tax.periods.m1',
  m2: 'tax.periods.m2',
  m3: 'tax.periods.m3',
  m4: 'tax.periods.m4',
  m5: 'tax.periods.m5',
  m6: 'tax.periods.m6',
  m7: 'tax.periods.m7',
  m8: 'tax.periods.m8',
  m9: 'tax.periods.m9',
  m10: 'tax.periods.m10',
  m11: 'tax.periods.m11',
  m12: 'tax.periods.m12',
} as const satisfies Record<TaxPeriod, string>;

/** A short name of the basis (in a sentence, a caption). */
export const BASIS_WORDS = {
  cash: 'tax.basis.cash',
  accrual: 'tax.basis.accrual',
} as const satisfies Record<VatBasis, string>;

/** The basis as a choice, saying what it means. */
export const BASIS_CHOICE_WORDS = {
  cash: 'tax.basis.cashChoice',
  accrual: 'tax.basis.accrualChoice',
} as const satisfies Record<VatBasis, string>;

/**
 * The box (Kennzahl) of the German VAT return a rate's taxable sales go in (docs/tax-period.md):
 * 19 % Kz 81, 7 % Kz 86, any other rate above 0 Kz 35 (and its tax Kz 36); at 0 % it depends on why.
 */
export function outputBoxKey(rate: number) {
  if (rate === 19) return 'tax.boxes.standard';
  if (rate === 7) return 'tax.boxes.reduced';
  if (rate > 0) return 'tax.boxes.otherRate';
  return 'tax.boxes.zeroRate';
}
