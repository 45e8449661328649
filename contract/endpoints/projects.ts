import * as z from 'zod/mini';
import { endpoint } from '../endpoint';
import { pathId } from '../fields';
import { lazy } from '../lazy';
import { projectCreateSchema, projectUpdateSchema } from '../projects';
import * as r from '../responses';
import { ENTRIES_CHANGE, ENTRY_FIGURES } from '../stale';
import { byId, create, list } from './shapes';

const projectPath = /* @__PURE__ */ lazy(() => z.object({ id: pathId('PROJECT_NOT_FOUND') }));

export const listProjects = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projects',
  summary: 'The projects with their totals',
  auth: true,
  tokenScope: 'read',
  answers: { 200: /* @__PURE__ */ list(r.project) },
});

export const createProject = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/projects',
  auth: true,
  tokenScope: 'write',
  .../* @__PURE__ */ create('Create a project', projectCreateSchema, r.project, [404, 409]),
  invalidates: ['listProjects'],
});

export const updateProject = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/projects/{id}',
  auth: true,
  tokenScope: 'write',
  params: projectPath,
  body: projectUpdateSchema,
  .../* @__PURE__ */ byId('Edit a project', r.project),
  // Its name, rate, budget and client show in the figures (charts by project, the report).
  invalidates: ENTRY_FIGURES,
});

export const deleteProject = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/projects/{id}',
  auth: true,
  tokenScope: 'write',
  params: projectPath,
  .../* @__PURE__ */ byId('Delete a project and its entries', r.projectDeleted),
  // Its entries and its recurring-expense rules go with it.
  invalidates: [...ENTRIES_CHANGE, 'listRecurringExpenses'],
});
