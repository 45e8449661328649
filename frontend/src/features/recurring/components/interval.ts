import { RECURRENCE_INTERVALS, type RecurrenceInterval } from '@contract/enums';
import type { TFunction } from 'i18next';
import { catalogueWords } from '@/i18n/catalogue-words';

/** The message of each interval. */
const INTERVAL_KEYS = catalogueWords('recurring', RECURRENCE_INTERVALS);

/** How often a rule books, in the app's language ("Every month"). */
export const intervalName = (t: TFunction, interval: RecurrenceInterval): string =>
  t(INTERVAL_KEYS[interval]);
