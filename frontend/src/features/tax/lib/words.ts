import { TAX_PERIODS, VAT_BASES } from '@contract/enums';
import { catalogueWords } from '@/i18n/catalogue-words';

/** The catalogue keys of the tax screen's periods. */
export const PERIOD_WORDS = catalogueWords('tax.periods', TAX_PERIODS);

/** A short name of the basis (in a sentence, a caption). */
export const BASIS_WORDS = catalogueWords('tax.basis', VAT_BASES);

/** The basis as a choice, saying what it means. */
export const BASIS_CHOICE_WORDS = catalogueWords('tax.basis', VAT_BASES, 'Choice');

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
