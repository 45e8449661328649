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
  timerStartSchema,
} from '../../contract/activities';
import { projectCreateSchema, projectUpdateSchema } from '../../contract/projects';
import * as r from '../../contract/responses';
import { chartQuerySchema } from '../domain/charts/query';
import { csvExportQuerySchema } from '../domain/csv/export-query';
import { timesheetQuerySchema } from '../domain/timesheet-query';

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

const list = <T extends z.ZodMiniType>(item: T) => z.array(item);

/** A chart or grid of a project or of all projects, for the chart query's range. */
const chart = (summary: string, answer: Answer = r.chartData): Operation => ({
  summary,
  query: chartQuerySchema,
  ok: { 200: answer },
  errors: [404],
});

/** An account action that is rate limited (429 when asked too often). */
const limited = (summary: string, answer: Answer, body?: z.core.$ZodType): Operation => ({
  summary,
  ...(body ? { body } : {}),
  ok: { 200: answer },
  errors: [429],
});

/** A create: 201, or 200 with the stored item when the client's `_id` exists already. */
const create = (summary: string, body: z.core.$ZodType, answer: Answer, errors: number[]): Operation => ({
  summary: `${summary} (201; 200 when the client \`_id\` exists)`,
  body,
  ok: { 200: answer, 201: answer },
  errors,
});

/** An operation on the one item its path names: 404 when there is none (or it is another user's). */
const byId = (summary: string, answer: Answer, body?: z.core.$ZodType): Operation => ({
  summary,
  ...(body ? { body } : {}),
  ok: { 200: answer },
  errors: [404],
});

/** A page of a project's entries, newest first; the `x-next-cursor` header asks for the next. */
const entryPage = (summary: string, item: z.ZodMiniType): Operation => ({
  summary: `${summary}, newest first (paged by \`x-next-cursor\`)`,
  query: listQuerySchema,
  ok: { 200: list(item) },
  errors: [404],
});

/** One kind of entry as a CSV file. */
const csvExport = (summary: string): Operation => ({
  summary,
  query: csvExportQuerySchema,
  ok: { 200: 'csv' },
  errors: [404],
});

/** Keyed by the route table's `METHOD /path` (a test checks both list the same routes). */
export const OPERATIONS: Record<string, Operation> = {
  'POST /api/auth': limited('Log in', r.token, loginBody),
  'GET /api/auth': { summary: 'The signed-in user and the free plan limits', ok: { 200: r.user } },
  'POST /api/auth/demo': limited('Log in to the shared demo account', r.token),
  'POST /api/users': limited('Sign up', r.token, registerBody),
  'POST /api/auth/logout': {
    summary: 'Log out (this session or everywhere)',
    body: logoutBody,
    ok: { 204: 'none' },
  },
  'DELETE /api/users': { summary: 'Delete the account and everything in it', ok: { 200: r.message } },
  'PUT /api/users': { summary: 'Change the name', body: changeNameBody, ok: { 200: r.user } },
  'PUT /api/users/email': limited('Change the email address', r.user, changeEmailBody),
  'PUT /api/users/password': limited(
    'Change the password (answers a new token; other sessions end)',
    r.token,
    changePasswordBody,
  ),
  'POST /api/confirmemail': limited('Send the confirmation email again', r.message),
  'POST /api/forgotpassword': limited('Email a password reset link', r.message, forgotPasswordBody),
  'PUT /api/resetpassword': limited('Set a new password with a reset token', r.message, resetPasswordBody),
  'GET /api/confirmemail/{token}': byId('Confirm the email address', r.user),
  'POST /api/claimvouchercode/{code}': limited('Claim a voucher code (premium)', z.literal(true)),
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
  'GET /api/export/timeactivities.csv': csvExport('Time entries as CSV'),
  'GET /api/export/financeactivities.csv': csvExport('Income and expenses as CSV'),
  'POST /api/import/{source}': {
    summary: 'Import a CSV file of another tracker or of Timeledger',
    csvBody: true,
    query: z.object({ tz: z.optional(z.string()), dryrun: z.optional(z.enum(['true', 'false'])) }),
    ok: { 200: z.union([r.importReport, r.importPreview]) },
    errors: [404],
  },
  'GET /api/projects': { summary: 'The projects with their totals', ok: { 200: list(r.project) } },
  'POST /api/projects': create('Create a project', projectCreateSchema, r.project, [409]),
  'PUT /api/projects/{id}': byId('Edit a project', r.project, projectUpdateSchema),
  'DELETE /api/projects/{id}': byId('Delete a project and its entries', r.projectDeleted),
  'GET /api/timeactivities': {
    summary: 'The timesheet: time entries of all projects in a range (paged by `x-next-cursor`)',
    query: timesheetQuerySchema,
    ok: { 200: list(r.timeActivity) },
    errors: [404],
  },
  'GET /api/timeactivities/{projectId}': entryPage('A project’s time entries', r.timeActivity),
  'POST /api/timeactivities': create('Record time', timeActivityCreateSchema, r.timeActivity, [404]),
  'PUT /api/timeActivities/{id}': byId('Edit or move a time entry', r.timeActivity, timeActivityUpdateSchema),
  'DELETE /api/timeActivities/{id}': byId('Delete a time entry', r.deleted),
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
  'POST /api/timer/pause': {
    summary: 'Pause the running timer',
    ok: { 200: r.timerState },
    errors: [404, 409],
  },
  'POST /api/timer/resume': {
    summary: 'Resume the paused timer',
    ok: { 200: r.timerState },
    errors: [404, 409],
  },
  'DELETE /api/timer': { summary: 'Discard the running timer', ok: { 204: 'none' } },
  'GET /api/financeactivities/{projectId}': entryPage('A project’s income and expenses', r.financeActivity),
  'POST /api/financeactivities': create(
    'Record an income or expense',
    financeActivityCreateSchema,
    r.financeActivity,
    [404],
  ),
  'PUT /api/financeActivities/{id}': byId(
    'Edit or move an income or expense',
    r.financeActivity,
    financeActivityUpdateSchema,
  ),
  'DELETE /api/financeActivities/{id}': byId('Delete an income or expense', r.deleted),
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
  'GET /api/projecttimepertaskgrid': chart('Time per task (rows)', list(r.timePerTaskRow)),
  'GET /api/projecttimepersubtaskgrid': chart('Time per task and sub-task (rows)', list(r.timePerSubTaskRow)),
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
