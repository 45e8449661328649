import * as z from 'zod/mini';
import {
  financeActivityCreateSchema,
  financeActivityUpdateSchema,
  timeActivityCreateSchema,
  timeActivityUpdateSchema,
} from '../activities';
import { endpoint } from '../endpoint';
import { pathId } from '../fields';
import { lazy } from '../lazy';
import { timesheetQuerySchema } from '../queries';
import * as r from '../responses';
import { MONEY_ENTRY_CHANGE, TIME_ENTRY_CHANGE } from '../stale';
import { byId, create, entryPage, list } from './shapes';

/** The time and money entries, their lists and the task suggestions. */

const projectPath = /* @__PURE__ */ lazy(() => z.object({ projectId: pathId('PROJECT_NOT_FOUND') }));
const timePath = /* @__PURE__ */ lazy(() => z.object({ id: pathId('TIME_ACTIVITY_NOT_FOUND') }));
const financePath = /* @__PURE__ */ lazy(() => z.object({ id: pathId('FINANCE_ACTIVITY_NOT_FOUND') }));

export const listTimesheet = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/timeactivities',
  summary: 'The timesheet: time entries of all projects in a range (paged by `x-next-cursor`)',
  auth: true,
  tokenScope: 'read',
  query: timesheetQuerySchema,
  answers: { 200: /* @__PURE__ */ list(r.timeActivity) },
  errors: [404],
  paged: true,
});

export const listTimeActivities = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/timeactivities/{projectId}',
  auth: true,
  tokenScope: 'read',
  params: projectPath,
  .../* @__PURE__ */ entryPage('A project’s time entries', r.timeActivity),
});

export const createTimeActivity = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/timeactivities',
  auth: true,
  tokenScope: 'write',
  .../* @__PURE__ */ create('Record time', timeActivityCreateSchema, r.timeActivity, [404]),
  invalidates: TIME_ENTRY_CHANGE,
});

export const updateTimeActivity = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/timeActivities/{id}',
  auth: true,
  tokenScope: 'write',
  params: timePath,
  body: timeActivityUpdateSchema,
  .../* @__PURE__ */ byId('Edit or move a time entry', r.timeActivity),
  // 409 ENTRY_INVOICED: the entry is on a sent or paid invoice (and WRITE_CONFLICT under contention).
  errors: [404, 409],
  invalidates: TIME_ENTRY_CHANGE,
});

export const deleteTimeActivity = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/timeActivities/{id}',
  auth: true,
  tokenScope: 'write',
  params: timePath,
  .../* @__PURE__ */ byId('Delete a time entry', r.deleted),
  errors: [404, 409],
  invalidates: TIME_ENTRY_CHANGE,
});

export const listFinanceActivities = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/financeactivities/{projectId}',
  auth: true,
  tokenScope: 'read',
  params: projectPath,
  .../* @__PURE__ */ entryPage('A project’s income and expenses', r.financeActivity),
});

export const createFinanceActivity = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/financeactivities',
  auth: true,
  tokenScope: 'write',
  .../* @__PURE__ */ create(
    'Record an income or expense',
    financeActivityCreateSchema,
    r.financeActivity,
    [404],
  ),
  invalidates: MONEY_ENTRY_CHANGE,
});

export const updateFinanceActivity = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/financeActivities/{id}',
  auth: true,
  tokenScope: 'write',
  params: financePath,
  body: financeActivityUpdateSchema,
  .../* @__PURE__ */ byId('Edit or move an income or expense', r.financeActivity),
  // 409 ENTRY_INVOICED: an expense re-billed on a sent or paid invoice (CONTRACT §9 `includeExpenses`).
  errors: [404, 409],
  invalidates: MONEY_ENTRY_CHANGE,
});

export const deleteFinanceActivity = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/financeActivities/{id}',
  auth: true,
  tokenScope: 'write',
  params: financePath,
  .../* @__PURE__ */ byId('Delete an income or expense', r.deleted),
  // 409 ENTRY_INVOICED: an expense re-billed on a sent or paid invoice.
  errors: [404, 409],
  invalidates: MONEY_ENTRY_CHANGE,
});

export const getProjectTaskList = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projecttasklist',
  summary: 'Earlier tasks and sub-tasks of time entries, per project',
  auth: true,
  tokenScope: 'read',
  answers: { 200: /* @__PURE__ */ list(r.projectTaskList) },
});

export const getProjectFinanceTaskList = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projectfinancetasklist',
  summary: 'Earlier tasks and sub-tasks of income and expenses, per project',
  auth: true,
  tokenScope: 'read',
  answers: { 200: /* @__PURE__ */ list(r.projectTaskList) },
});
