import { type ChartQueryInput, chartQuerySchema } from '../../../../contract/queries';
import { ValidationError } from '../../../lib/errors';
import { addMonths, type DayRange, dayOf, daysInRange, defaultRange } from '../../shared/calendar';

/** The longest range a chart accepts; keeps a chart's bucket count and work bounded. */
const MAX_RANGE_YEARS = 100;
export const MAX_RANGE_DAYS = 366 * MAX_RANGE_YEARS;

/** The chart query's schema is the contract's (`contract/queries.ts`), shared with the app. */
export { type ChartQueryInput, chartQuerySchema };

/**
 * The inclusive day range a query asks for. Both ends absent: the last 12 months up to today. Only
 * one end given: the other is today (for a start) or 12 months earlier (for an end).
 */
export function resolveRange(
  startdate: string | undefined,
  enddate: string | undefined,
  today: string = dayOf(new Date()),
): DayRange {
  if (!startdate && !enddate) return defaultRange(today);
  const end = enddate ?? today;
  const start = startdate ?? addMonths(end, -12);
  if (start > end) throw new ValidationError('START_AFTER_END_DAY', { param: 'startdate' });
  if (daysInRange(start, end) > MAX_RANGE_DAYS) {
    throw new ValidationError('RANGE_TOO_LONG', { param: 'enddate', values: { years: MAX_RANGE_YEARS } });
  }
  return { start, end };
}
