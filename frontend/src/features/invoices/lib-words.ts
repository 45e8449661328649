import { LINE_GROUPINGS, LINE_UNITS } from '@contract/invoices';
import { catalogueWords } from '@/i18n/catalogue-words';

/** The catalogue keys of a line's unit, in a select and after a quantity. */
export const UNIT_WORDS = catalogueWords('invoices.units', LINE_UNITS);
export const UNIT_SHORT_WORDS = catalogueWords('invoices.unitShort', LINE_UNITS);

/** The catalogue keys of the ways a new draft's lines are grouped. */
export const GROUPING_WORDS = catalogueWords('invoices.grouping', LINE_GROUPINGS);
