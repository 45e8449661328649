import * as z from 'zod/mini';
import { schemaMessage, ValidationError } from '../../lib/errors';
import { addMonths, type DayRange, dayOf, daysInRange, defaultRange, isDay } from './dates';

/** The longest range a chart accepts; keeps a chart's bucket count and work bounded. */
const MAX_RANGE_YEARS = 100;
export const MAX_RANGE_DAYS = 366 * MAX_RANGE_YEARS;

const day = (field: 'startdate' | 'enddate') =>
  z.optional(z.string().check(z.refine(isDay, { message: schemaMessage('INVALID_RANGE_DAY', { field }) })));

/**
 * The query every chart and grid takes: `startdate`, `enddate` (`yyyy-mm-dd`, inclusive),
 * `projectid` (absent: all of the user's projects) and `colorseed` (a different palette).
 */
export const chartQuerySchema = z.object({
  startdate: day('startdate'),
  enddate: day('enddate'),
  /** Checked as an id where it is used (`projectsInScope`): a malformed one is an unknown project, 404. */
  projectid: z.optional(
    z.string().check(z.minLength(1, { message: schemaMessage('FIELD_EMPTY', { field: 'projectid' }) })),
  ),
  colorseed: z.optional(
    z.pipe(
      z
        .string()
        .check(z.regex(/^\d{1,9}$/, { message: schemaMessage('NOT_WHOLE_NUMBER', { field: 'colorseed' }) })),
      z.transform(Number),
    ),
  ),
});

export type ChartQueryInput = z.output<typeof chartQuerySchema>;

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
