import * as z from 'zod/mini';
import {
  changeEmailBody,
  changeNameBody,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  logoutBody,
  registerBody,
  resetPasswordBody,
  settingsBody,
} from '../../contract/accounts';
import {
  financeActivityCreateSchema,
  financeActivityUpdateSchema,
  listQuerySchema,
  timeActivityCreateSchema,
  timeActivityUpdateSchema,
} from '../../contract/activities';
import { projectCreateSchema, projectUpdateSchema } from '../../contract/projects';
import * as r from '../../contract/responses';
import { chartQuerySchema } from '../domain/charts/query';
import { csvExportQuerySchema } from '../domain/csv/export-query';
import { timerStartSchema } from '../domain/timer';
import { timesheetQuerySchema } from '../domain/timesheet';

/**
 * What each route of the route table takes and answers, for the OpenAPI document. The request
 * schemas are the ones the handlers validate with; the answers are the contract's response schemas.
 * Every status a route can answer is listed: the API tests fail on any other.
 */

/** The body of an answer: a JSON schema, a CSV file, or nothing (204). */
export type Answer = z.core.$ZodType | 'csv' | 'none';

export interface Operation {
  summary: string;
  body?: z.core.$ZodType;
  /** The body is a CSV file (`text/csv`) instead of JSON. */
  csvBody?: boolean;
  query?: z.core.$ZodType;
  /** Success answers by status. */
  ok: Record<number, Answer>;
  /** Error statuses beyond those every route may answer (see `errorStatuses`). */
  errors?: number[];
}

/**
 * What any route may answer with the error shape: bad input (400), a request that did not come
 * through CloudFront (403), a body over the limit (413), a failure of ours (500). Routes that need
 * a token add 401.
 */
export const errorStatuses = (auth: boolean, extra: number[] = []) =>
  [...new Set([400, 403, 413, 500, ...(auth ? [401] : []), ...extra])].sort();

const chart = (summary: string): Operation => ({
  summary,
  query: chartQuerySchema,
  ok: { 200: r.chartData },
  errors: [404],
});

const list = <T extends z.ZodMiniType>(item: T) => z.array(item);

/** Keyed by the route table's `METHOD /path` (a test checks both list the same routes). */
export const OPERATIONS: Record<string, Operation> = {
  'POST /api/auth': { summary: 'Log in', body: loginBody, ok: { 200: r.token }, errors: [429] },
  'GET /api/auth': { summary: 'The signed-in user and the free plan limits', ok: { 200: r.user } },
  'POST /api/auth/demo': {
    summary: 'Log in to the shared demo account',
    ok: { 200: r.token },
    errors: [429],
  },
  'POST /api/users': { summary: 'Sign up', body: registerBody, ok: { 200: r.token }, errors: [429] },
  'POST /api/auth/logout': {
    summary: 'Log out (this session or everywhere)',
    body: logoutBody,
    ok: { 204: 'none' },
  },
  'DELETE /api/users': { summary: 'Delete the account and everything in it', ok: { 200: r.message } },
  'PUT /api/users': { summary: 'Change the name', body: changeNameBody, ok: { 200: r.user } },
  'PUT /api/users/email': {
    summary: 'Change the email address',
    body: changeEmailBody,
    ok: { 200: r.user },
    errors: [429],
  },
  'PUT /api/users/password': {
    summary: 'Change the password (answers a new token; other sessions end)',
    body: changePasswordBody,
    ok: { 200: r.token },
    errors: [429],
  },
  'POST /api/confirmemail': {
    summary: 'Send the confirmation email again',
    ok: { 200: r.message },
    errors: [429],
  },
  'POST /api/forgotpassword': {
    summary: 'Email a password reset link',
    body: forgotPasswordBody,
    ok: { 200: r.message },
    errors: [429],
  },
  'PUT /api/resetpassword': {
    summary: 'Set a new password with a reset token',
    body: resetPasswordBody,
    ok: { 200: r.message },
    errors: [429],
  },
  'GET /api/confirmemail/{token}': {
    summary: 'Confirm the email address',
    ok: { 200: r.user },
    errors: [404],
  },
  'POST /api/claimvouchercode/{code}': {
    summary: 'Claim a voucher code (premium)',
    ok: { 200: z.literal(true) },
    errors: [429],
  },
  'POST /api/usersettings': { summary: 'Change settings', body: settingsBody, ok: { 200: r.user } },
  'GET /api/exportuserdata': {
    summary: 'Export all data (paged by `x-next-cursor`)',
    query: z.object({ cursor: z.optional(z.string()) }),
    ok: {
      200: z.object({
        user: z.omit(r.user, { limits: true }),
        projects: z.array(r.project),
        timeActivities: z.array(r.timeActivity),
        financeActivities: z.array(r.financeActivity),
        exportedAt: z.string(),
      }),
    },
  },
  'GET /api/export/timeactivities.csv': {
    summary: 'Time entries as CSV',
    query: csvExportQuerySchema,
    ok: { 200: 'csv' },
    errors: [404],
  },
  'GET /api/export/financeactivities.csv': {
    summary: 'Income and expenses as CSV',
    query: csvExportQuerySchema,
    ok: { 200: 'csv' },
    errors: [404],
  },
  'POST /api/import/{source}': {
    summary: 'Import a CSV file of another tracker or of Timeledger',
    csvBody: true,
    query: z.object({ tz: z.optional(z.string()), dryrun: z.optional(z.enum(['true', 'false'])) }),
    ok: { 200: z.union([r.importReport, r.importPreview]) },
    errors: [404],
  },
  'GET /api/projects': { summary: 'The projects with their totals', ok: { 200: list(r.project) } },
  'POST /api/projects': {
    summary: 'Create a project (201; 200 when the client `_id` exists)',
    body: projectCreateSchema,
    ok: { 200: r.project, 201: r.project },
    errors: [409],
  },
  'PUT /api/projects/{id}': {
    summary: 'Edit a project',
    body: projectUpdateSchema,
    ok: { 200: r.project },
    errors: [404],
  },
  'DELETE /api/projects/{id}': {
    summary: 'Delete a project and its entries',
    ok: { 200: r.projectDeleted },
    errors: [404],
  },
  'GET /api/timeactivities': {
    summary: 'The timesheet: time entries of all projects in a range (paged by `x-next-cursor`)',
    query: timesheetQuerySchema,
    ok: { 200: list(r.timeActivity) },
    errors: [404],
  },
  'GET /api/timeactivities/{projectId}': {
    summary: 'A project’s time entries, newest first (paged by `x-next-cursor`)',
    query: listQuerySchema,
    ok: { 200: list(r.timeActivity) },
    errors: [404],
  },
  'POST /api/timeactivities': {
    summary: 'Record time (201; 200 when the client `_id` exists)',
    body: timeActivityCreateSchema,
    ok: { 200: r.timeActivity, 201: r.timeActivity },
    errors: [404],
  },
  'PUT /api/timeActivities/{id}': {
    summary: 'Edit or move a time entry',
    body: timeActivityUpdateSchema,
    ok: { 200: r.timeActivity },
    errors: [404],
  },
  'DELETE /api/timeActivities/{id}': {
    summary: 'Delete a time entry',
    ok: { 200: r.deleted },
    errors: [404],
  },
  'GET /api/timer': { summary: 'The running timer', ok: { 200: r.timerState } },
  'POST /api/timer': {
    summary: 'Start the timer (a running one is saved first)',
    body: timerStartSchema,
    ok: { 201: r.timerState },
    errors: [404, 409],
  },
  'POST /api/timer/stop': {
    summary: 'Stop the timer and save the entry',
    ok: { 201: r.timeActivity },
    errors: [404, 409],
  },
  'DELETE /api/timer': { summary: 'Discard the running timer', ok: { 204: 'none' } },
  'GET /api/financeactivities/{projectId}': {
    summary: 'A project’s income and expenses, newest first (paged by `x-next-cursor`)',
    query: listQuerySchema,
    ok: { 200: list(r.financeActivity) },
    errors: [404],
  },
  'POST /api/financeactivities': {
    summary: 'Record an income or expense (201; 200 when the client `_id` exists)',
    body: financeActivityCreateSchema,
    ok: { 200: r.financeActivity, 201: r.financeActivity },
    errors: [404],
  },
  'PUT /api/financeActivities/{id}': {
    summary: 'Edit or move an income or expense',
    body: financeActivityUpdateSchema,
    ok: { 200: r.financeActivity },
    errors: [404],
  },
  'DELETE /api/financeActivities/{id}': {
    summary: 'Delete an income or expense',
    ok: { 200: r.deleted },
    errors: [404],
  },
  'GET /api/projecttasklist': {
    summary: 'Earlier tasks and sub-tasks of time entries, per project',
    ok: { 200: list(r.projectTaskList) },
  },
  'GET /api/projectfinancetasklist': {
    summary: 'Earlier tasks and sub-tasks of income and expenses, per project',
    ok: { 200: list(r.projectTaskList) },
  },
  'GET /api/projecttimeperprojectchart': chart('Time per project'),
  'GET /api/projecttimetrackedchart': chart('Time tracked per day, week or month'),
  'GET /api/projectprofitlosschart': chart('Profit and loss over time'),
  'GET /api/projecttimepertaskchart': chart('Time per task'),
  'GET /api/projecttimepertaskgrid': {
    summary: 'Time per task (rows)',
    query: chartQuerySchema,
    ok: { 200: list(r.timePerTaskRow) },
    errors: [404],
  },
  'GET /api/projecttimepersubtaskgrid': {
    summary: 'Time per task and sub-task (rows)',
    query: chartQuerySchema,
    ok: { 200: list(r.timePerSubTaskRow) },
    errors: [404],
  },
  'GET /api/projecttotaltimetrackedchart': chart('Total time tracked over time'),
  'GET /api/projectprofitlossperhourchart': chart('Profit or loss per hour over time'),
  'GET /api/embed/{userId}/{projectId}/{chartType}/{chartKind}': {
    summary: 'A chart for another site (public; only when embedding is on)',
    query: z.pick(chartQuerySchema, { startdate: true, enddate: true }),
    ok: { 200: r.embeddedChart },
    errors: [404],
  },
  'GET /api/openapi.json': { summary: 'This document', ok: { 200: z.record(z.string(), z.unknown()) } },
};
