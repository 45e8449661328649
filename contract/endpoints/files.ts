import * as z from 'zod/mini';
import { endpoint } from '../endpoint';
import { importQuerySchema } from '../queries';
import * as r from '../responses';
import { ENTRIES_CHANGE } from '../stale';
import { csvExport } from './shapes';

/** CSV out and in, and the API's own description. */

export const exportTimeActivitiesCsv = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/export/timeactivities.csv',
  auth: true,
  tokenScope: 'read',
  .../* @__PURE__ */ csvExport('Time entries as CSV'),
});

export const exportFinanceActivitiesCsv = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/export/financeactivities.csv',
  auth: true,
  tokenScope: 'read',
  .../* @__PURE__ */ csvExport('Income and expenses as CSV'),
});

export const importActivities = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/import/{source}',
  summary: 'Import a CSV file of another tracker or of Timeledger',
  auth: true,
  tokenScope: 'write',
  params: () => z.object({ source: z.string() }),
  query: importQuerySchema,
  body: 'csv',
  answers: { 200: () => z.union([r.importReport(), r.importPreview()]) },
  errors: [404],
  invalidates: ENTRIES_CHANGE,
});

export const getOpenapi = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This document',
  auth: false,
  tokenScope: 'none',
  answers: { 200: () => z.record(z.string(), z.unknown()) },
});
