import * as z from 'zod/mini';
import { isDay, isTimeZone, MAX_DAY, MIN_DAY } from './days';
import { schemaMessage } from './error-codes';
import { isEntityId, pageLimitField, queryId } from './fields';
import { type Built, lazy } from './lazy';
import { characterCount, MAX_NAME_LENGTH } from './limits';

/** The query strings the endpoints take, one definition each for the server and the clients. */

const rangeDay = (field: 'startdate' | 'enddate') =>
  z.optional(z.string().check(z.refine(isDay, { message: schemaMessage('INVALID_RANGE_DAY', { field }) })));

/**
 * The query every chart and grid takes: `startdate`, `enddate` (`yyyy-mm-dd`, inclusive),
 * `projectid` (absent: all of the user's projects; one that cannot exist: 404) and `colorseed`
 * (a different palette).
 */
export const chartQuerySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    startdate: rangeDay('startdate'),
    enddate: rangeDay('enddate'),
    projectid: z.optional(
      z
        .string()
        .check(
          z.minLength(1, { message: schemaMessage('FIELD_EMPTY', { field: 'projectid' }) }),
          z.refine(isEntityId, { message: schemaMessage('PROJECT_NOT_FOUND'), params: { notFound: true } }),
        ),
    ),
    colorseed: z.optional(
      z.pipe(
        z
          .string()
          .check(
            z.regex(/^\d{1,9}$/, { message: schemaMessage('NOT_WHOLE_NUMBER', { field: 'colorseed' }) }),
          ),
        z.transform(Number),
      ),
    ),
  }),
);
export type ChartQueryInput = z.output<Built<typeof chartQuerySchema>>;

/** An embedded chart's query: only the range. */
export const embedQuerySchema = /* @__PURE__ */ lazy(() =>
  z.pick(chartQuerySchema(), { startdate: true, enddate: true }),
);

/** `billable=true|false` (a query string). */
export const billableFilterField = /* @__PURE__ */ lazy(() =>
  z.optional(
    z.pipe(
      z.enum(['true', 'false'], {
        error: schemaMessage('NOT_ONE_OF', { field: 'billable', options: 'true, false' }),
      }),
      z.transform((value) => value === 'true'),
    ),
  ),
);

/** A tag to filter by (any case); a tag no entry has gives an empty answer, not an error. */
export const tagFilterField = /* @__PURE__ */ lazy(() =>
  z.optional(
    z
      .string()
      .check(
        z.refine(
          (s) => characterCount(s) <= MAX_NAME_LENGTH,
          schemaMessage('TEXT_TOO_LONG', { field: 'tag', max: MAX_NAME_LENGTH }),
        ),
      ),
  ),
);

/** A client id to filter by; an unknown one (or another user's) gives an empty answer. */
export const clientFilterField = /* @__PURE__ */ lazy(() => z.optional(z.string().check(z.maxLength(200))));

export const REPORT_GROUPINGS = ['client', 'project', 'task', 'tag', 'day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** Query of GET /api/reports. Without dates: the last 12 months up to today (as the charts). */
export const reportQuerySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    startdate: rangeDay('startdate'),
    enddate: rangeDay('enddate'),
    groupby: z._default(
      z.enum(REPORT_GROUPINGS, {
        error: schemaMessage('NOT_ONE_OF', { field: 'groupby', options: REPORT_GROUPINGS.join(', ') }),
      }),
      'project',
    ),
    clientid: clientFilterField(),
    projectid: z.optional(z.string().check(z.maxLength(200))),
    tag: tagFilterField(),
    billable: billableFilterField(),
  }),
);
export type ReportQueryInput = z.output<Built<typeof reportQuerySchema>>;

export const TIMESHEET_DEFAULT_LIMIT = 100;
export const TIMESHEET_MAX_LIMIT = 1000;

const requiredDay = (field: 'startdate' | 'enddate') =>
  z.string({ error: schemaMessage('DAY_REQUIRED', { field }) }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, schemaMessage('INVALID_DAY', { field })),
    z.refine((d) => isDay(d) && d >= MIN_DAY && d <= MAX_DAY, schemaMessage('INVALID_DAY', { field })),
  );

const cursor = (max: number) =>
  z.optional(z.string().check(z.maxLength(max, schemaMessage('INVALID_CURSOR'))));

/** Query of GET /api/timeactivities (the timesheet). */
export const timesheetQuerySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    startdate: requiredDay('startdate'),
    enddate: requiredDay('enddate'),
    projectid: queryId('PROJECT_NOT_FOUND'),
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
    clientid: clientFilterField(),
    tag: tagFilterField(),
    billable: billableFilterField(),
    limit: pageLimitField(TIMESHEET_MAX_LIMIT),
    cursor: cursor(2000),
  }),
);
export type TimesheetQueryInput = z.infer<Built<typeof timesheetQuerySchema>>;

const exportDay = (field: 'startdate' | 'enddate') =>
  z
    .string()
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, schemaMessage('INVALID_DAY', { field })),
      z.refine(isDay, schemaMessage('INVALID_DAY', { field })),
    );

const timeZone = /* @__PURE__ */ lazy(() =>
  z.optional(z.string().check(z.refine(isTimeZone, schemaMessage('INVALID_TZ')))),
);

/**
 * The two shapes of a CSV export: `csv` (commas, dot decimals: what every program reads) and
 * `excel` (what Excel opens straight into columns in the user's number format: semicolons and
 * decimal commas where the number format writes `1.234,56`, else the same as `csv`).
 */
export const CSV_FORMATS = ['csv', 'excel'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];

/** Query of the CSV exports. */
export const csvExportQuerySchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      projectid: queryId('PROJECT_NOT_FOUND'),
      format: z.optional(
        z.enum(CSV_FORMATS, {
          error: schemaMessage('NOT_ONE_OF', { field: 'format', options: CSV_FORMATS.join(', ') }),
        }),
      ),
      startdate: z.optional(exportDay('startdate')),
      enddate: z.optional(exportDay('enddate')),
      tz: timeZone(),
      cursor: cursor(4000),
    })
    .check(
      z.refine((q) => !q.startdate || !q.enddate || q.startdate <= q.enddate, {
        message: schemaMessage('START_AFTER_END_DAY'),
        path: ['startdate'],
      }),
    ),
);
export type CsvExportQuery = z.infer<Built<typeof csvExportQuerySchema>>;

/** Query of the CSV import: the file's time zone and whether only to preview. */
export const importQuerySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    tz: timeZone(),
    dryrun: z.optional(z.enum(['true', 'false'])),
  }),
);

/** Query of the data export: the cursor of the next page. */
export const exportUserDataQuerySchema = /* @__PURE__ */ lazy(() => z.object({ cursor: cursor(4000) }));
