import * as z from 'zod/mini';
import { clientCreateSchema, clientUpdateSchema } from '../clients';
import { endpoint } from '../endpoint';
import { lazy } from '../lazy';
import { reportQuerySchema } from '../queries';
import * as r from '../responses';
import { byId, create, list } from './shapes';

/** Clients, tag suggestions and reports (CONTRACT §8). */

/** A client id in a path: a malformed one is an unknown client (404), answered by the domain. */
const clientPath = /* @__PURE__ */ lazy(() => z.object({ id: z.string().check(z.maxLength(200)) }));

export const listClients = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/clients',
  summary: 'The clients, by name',
  auth: true,
  tokenScope: 'read',
  answers: { 200: /* @__PURE__ */ list(r.client) },
});

export const createClient = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/clients',
  auth: true,
  tokenScope: 'write',
  .../* @__PURE__ */ create('Add a client', clientCreateSchema, r.client, []),
  invalidates: ['listClients'],
});

export const updateClient = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/clients/{id}',
  auth: true,
  tokenScope: 'write',
  params: clientPath,
  body: clientUpdateSchema,
  .../* @__PURE__ */ byId('Edit a client', r.client),
  // The report groups and filters by client name.
  invalidates: ['listClients', 'getReport'],
});

export const deleteClient = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/clients/{id}',
  summary: 'Delete a client (its projects stay, without a client)',
  auth: true,
  tokenScope: 'write',
  params: clientPath,
  answers: { 204: 'none' },
  errors: [404, 409],
  // Its projects lose it.
  invalidates: ['listClients', 'listProjects', 'getReport'],
});

export const getTags = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/tags',
  summary: 'The tags of the time entries with how often each is used, most used first',
  auth: true,
  tokenScope: 'read',
  answers: { 200: /* @__PURE__ */ list(r.tagUse) },
});

export const getReport = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/reports',
  summary: 'Time, billable time (exact and rounded) and billable amounts per group, with the total',
  auth: true,
  tokenScope: 'read',
  query: reportQuerySchema,
  answers: { 200: r.report },
  errors: [404],
});
