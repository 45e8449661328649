import * as z from 'zod/mini';
import { characterCount, MAX_NAME_LENGTH, pageLimitField } from '../../contract/fields';
import { schemaMessage } from '../lib/errors';
import { MAX_DAY, MIN_DAY } from './dates';

/**
 * The timesheet's query, apart from the timesheet's reads so that the OpenAPI document does not
 * carry the data layer.
 */

export const TIMESHEET_DEFAULT_LIMIT = 100;
export const TIMESHEET_MAX_LIMIT = 1000;

const dayField = (field: 'startdate' | 'enddate') =>
  z.string({ error: schemaMessage('DAY_REQUIRED', { field }) }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, schemaMessage('INVALID_DAY', { field })),
    z.refine(
      (d) => {
        const t = Date.parse(`${d}T00:00:00.000Z`);
        return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d) && d >= MIN_DAY && d <= MAX_DAY;
      },
      schemaMessage('INVALID_DAY', { field }),
    ),
  );

/** Query of GET /api/timeactivities (the timesheet). */
export const timesheetQuerySchema = z.object({
  startdate: dayField('startdate'),
  enddate: dayField('enddate'),
  projectid: z.optional(z.string().check(z.maxLength(200))),
  q: z.optional(
    z
      .string({ error: schemaMessage('NOT_TEXT', { field: 'q' }) })
      .check(
        z.refine(
          (s) => characterCount(s) <= MAX_NAME_LENGTH,
          schemaMessage('TEXT_TOO_LONG', { field: 'q', max: MAX_NAME_LENGTH }),
        ),
      ),
  ),
  limit: pageLimitField(TIMESHEET_MAX_LIMIT),
  cursor: z.optional(z.string().check(z.maxLength(2000, schemaMessage('INVALID_CURSOR')))),
});

export type TimesheetQueryInput = z.infer<typeof timesheetQuerySchema>;
