import * as z from 'zod/mini';
import { isTimeZone } from './zones';

/** The query of the CSV exports, apart from the export code so the OpenAPI document needs no CSV writer. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z.string().check(
    z.regex(DAY, `${label} must be a date (yyyy-mm-dd)`),
    z.refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      `${label} must be a date (yyyy-mm-dd)`,
    ),
  );

/** Query of the CSV exports. */
export const csvExportQuerySchema = z
  .object({
    projectid: z.optional(z.string().check(z.maxLength(200))),
    startdate: z.optional(day('startdate')),
    enddate: z.optional(day('enddate')),
    tz: z.optional(z.string().check(z.refine(isTimeZone, 'tz must be a time zone such as Europe/Berlin'))),
    cursor: z.optional(z.string().check(z.maxLength(4000, 'Invalid cursor'))),
  })
  .check(
    z.refine((q) => !q.startdate || !q.enddate || q.startdate <= q.enddate, {
      message: 'startdate must not be after enddate',
      path: ['startdate'],
    }),
  );
export type CsvExportQuery = z.infer<typeof csvExportQuerySchema>;
