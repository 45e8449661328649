/**
 * The closed lists of values the API takes and answers. Plain constants without a validator, so
 * the SPA's first screen and the embed bundle can import them for the price of the strings.
 */

/** The currencies a user can choose; money is shown in it (no conversion). */
export const CURRENCIES = ['AUD', 'CHF', 'EUR', 'GBP', 'INR', 'USD', 'ZAR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The number formats a user can choose (BCP 47 tags that `Intl` understands). */
export const NUMBER_FORMATS = ['en-US', 'de-DE', 'en-ZA', 'en-GB'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

/** The day the user's weeks start on (the timesheet, the week view and the charts' weeks); Monday by default. */
export const WEEK_STARTS = ['monday', 'sunday', 'saturday'] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

export const isWeekStart = (value: unknown): value is WeekStart =>
  typeof value === 'string' && (WEEK_STARTS as readonly string[]).includes(value);

/**
 * The languages (`languages.ts`): a module of their own, which the SPA's first screen imports
 * without the other lists here.
 */
export { isLanguage, LANGUAGES, type Language } from './languages';

/** What an embedded chart shows: the `chartType` segment of `GET /api/embed/…`. */
export const EMBED_CHART_TYPES = [
  'timetracked',
  'totaltime',
  'profitloss',
  'profitlossperhour',
  'timepertask',
] as const;
export type EmbedChartType = (typeof EMBED_CHART_TYPES)[number];

/** How an embedded chart is drawn: the `chartKind` segment of `GET /api/embed/…`. */
export const EMBED_CHART_KINDS = ['line', 'bar', 'pie'] as const;
export type EmbedChartKind = (typeof EMBED_CHART_KINDS)[number];

/** Whether `value` is one of `list` (narrowing a path segment or an attribute to the union). */
export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * What an expense was for (CONTRACT §9 "VAT on income and expenses"); `other` when not given.
 * Income has no category.
 */
export const EXPENSE_CATEGORIES = [
  'software',
  'hardware',
  'office',
  'travel',
  'vehicle',
  'phone',
  'training',
  'insurance',
  'fees',
  'rent',
  'marketing',
  'subcontractors',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/**
 * When output VAT is owed (CONTRACT §9 "The tax period"): `cash` (Ist-Versteuerung, by the day an
 * invoice was paid) or `accrual` (Soll-Versteuerung, by the day it was sent). A user setting.
 */
export const VAT_BASES = ['cash', 'accrual'] as const;
export type VatBasis = (typeof VAT_BASES)[number];

/** The periods of a tax report: a month, a quarter or the year. */
export const TAX_PERIODS = [
  'm1',
  'm2',
  'm3',
  'm4',
  'm5',
  'm6',
  'm7',
  'm8',
  'm9',
  'm10',
  'm11',
  'm12',
  'q1',
  'q2',
  'q3',
  'q4',
  'year',
] as const;
export type TaxPeriod = (typeof TAX_PERIODS)[number];

/** How often a recurring expense is booked (CONTRACT §9 "Recurring expenses"). */
export const RECURRENCE_INTERVALS = ['monthly', 'quarterly', 'yearly'] as const;
export type RecurrenceInterval = (typeof RECURRENCE_INTERVALS)[number];
