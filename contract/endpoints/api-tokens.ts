import * as z from 'zod/mini';
import { endpoint } from '../endpoint';
import { pathId } from '../fields';
import { apiToken, createApiTokenBody, createdApiToken } from '../security';
import { list } from './shapes';

/**
 * API tokens (CONTRACT §8). None of these is open to an API token (`tokenScope: 'none'`): a token
 * cannot make, list or delete tokens.
 */

const signedInOnly = { auth: true, tokenScope: 'none' } as const;

export const listApiTokens = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/apitokens',
  ...signedInOnly,
  summary: 'The API tokens of the account (never the tokens themselves)',
  answers: { 200: /* @__PURE__ */ list(apiToken) },
});

export const createApiToken = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/apitokens',
  ...signedInOnly,
  summary:
    'Create an API token for `Authorization: Bearer` after the password (and a code with 2FA on); the token is in this answer only',
  body: createApiTokenBody,
  answers: { 201: createdApiToken },
  // Wrong passwords and codes count against the failed-login limits; 503 when too many hash at once.
  errors: [429, 503],
  invalidates: ['listApiTokens'],
});

export const deleteApiToken = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/apitokens/{id}',
  ...signedInOnly,
  summary: 'Delete an API token: it stops working at once',
  params: () => z.object({ id: pathId('API_TOKEN_NOT_FOUND') }),
  answers: { 204: 'none' },
  errors: [404],
  invalidates: ['listApiTokens'],
});
