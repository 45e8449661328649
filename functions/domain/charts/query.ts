import * as z from 'zod/mini';
import { ValidationError } from '../../lib/errors';
import { addMonths, type DayRange, dayOf, daysInRange, defaultRange, isDay } from './dates';

/** The longest range a chart accepts; keeps a chart's bucket count and work bounded. */
export const MAX_RANGE_DAYS = 366 * 100;

const day = (name: string) =>
  z.optional(z.string().check(z.refine(isDay, { message: `${name} must be a date in the form yyyy-mm-dd` })));

/**
 * The query every chart and grid takes: `startdate`, `enddate` (`yyyy-mm-dd`, inclusive),
 * `projectid` (absent: all of the user's projects) and `colorseed` (a different palette).
 */
export const chartQuerySchema = z.object({
  startdate: day('startdate'),
  enddate: day('enddate'),
  /** Checked as an id where it is used (`projectsInScope`): a malformed one is an unknown project, 404. */
  projectid: z.optional(z.string().check(z.minLength(1, { message: 'projectid must not be empty' }))),
  colorseed: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,9}$/, { message: 'colorseed must be a whole number' })),
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
  if (start > end) throw new ValidationError('startdate must not be after enddate', 'startdate');
  if (daysInRange(start, end) > MAX_RANGE_DAYS) {
    throw new ValidationError('The date range must not span more than 100 years', 'enddate');
  }
  return { start, end };
}
