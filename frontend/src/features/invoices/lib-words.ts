import type { LineGrouping, LineUnit } from '@contract/invoices';

/** The catalogue keys of a line's unit, in a select and after a quantity. */
export const UNIT_WORDS = {
  HUR: 'invoices.units.HUR',
  DAY: 'invoices.units.DAY',
  C62: 'invoices.units.C62',
} as const satisfies Record<LineUnit, string>;

export const UNIT_SHORT_WORDS = {
  HUR: 'invoices.unitShort.HUR',
  DAY: 'invoices.unitShort.DAY',
  C62: 'invoices.unitShort.C62',
} as const satisfies Record<LineUnit, string>;

/** The catalogue keys of the ways a new draft's lines are grouped. */
export const GROUPING_WORDS = {
  project: 'invoices.grouping.project',
  task: 'invoices.grouping.task',
  entry: 'invoices.grouping.entry',
} as const satisfies Record<LineGrouping, string>;
