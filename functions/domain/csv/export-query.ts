import * as z from 'zod/mini';
import { schemaMessage } from '../../../contract/error-codes';
import { isTimeZone } from './zones';

/** The query of the CSV exports, apart from the export code so the OpenAPI document needs no CSV writer. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (field: 'startdate' | 'enddate') =>
  z.string().check(
    z.regex(DAY, schemaMessage('INVALID_DAY', { field })),
    z.refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      schemaMessage('INVALID_DAY', { field }),
    ),
  );

/** Query of the CSV exports. */
export const csvExportQuerySchema = z
  .object({
    projectid: z.optional(z.string().check(z.maxLength(200))),
    startdate: z.optional(day('startdate')),
    enddate: z.optional(day('enddate')),
    tz: z.optional(z.string().check(z.refine(isTimeZone, schemaMessage('INVALID_TZ')))),
    cursor: z.optional(z.string().check(z.maxLength(4000, schemaMessage('INVALID_CURSOR')))),
  })
  .check(
    z.refine((q) => !q.startdate || !q.enddate || q.startdate <= q.enddate, {
      message: schemaMessage('START_AFTER_END_DAY'),
      path: ['startdate'],
    }),
  );
export type CsvExportQuery = z.infer<typeof csvExportQuerySchema>;
