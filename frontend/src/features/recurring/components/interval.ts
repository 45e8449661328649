import type { RecurrenceInterval } from '@contract/enums';
import type { TFunction } from 'i18next';

/** The message of each interval (the literal keys let the catalogue check find them). */
const INTERVAL_KEYS = {
  monthly: 'recurring.monthly',
  quarterly: 'recurring.quarterly',
  yearly: 'recurring.yearly',
} as const satisfies Record<RecurrenceInterval, string>;

/** How often a rule books, in the app's language ("Every month"). */
export const intervalName = (t: TFunction, interval: RecurrenceInterval): string =>
  t(INTERVAL_KEYS[interval]);
