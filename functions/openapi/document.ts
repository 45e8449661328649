import * as z from 'zod/mini';
import type { Answer, Endpoint } from '../../contract/endpoint';
import { ENDPOINTS } from '../../contract/endpoints';
import { errorResponse } from '../../contract/responses';
import { ROUTES } from '../routes';

/**
 * The OpenAPI 3.1 document of the API, generated from the contract's endpoint objects
 * (zod's `toJSONSchema`, whose default dialect is the JSON Schema 2020-12 that OpenAPI 3.1 uses).
 * Served at `GET /api/openapi.json`; the API tests check every answer against it.
 */

type JsonSchema = Record<string, unknown>;

/** A schema as JSON Schema; refinements (a ULID, a date) cannot be said in it and are left out. */
const json = (schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/**
 * What any route may answer with the error shape: bad input (400), a request that did not come
 * through CloudFront (403), a body over the limit (413), a failure of ours (500). Routes that need
 * a token add 401.
 */
export const errorStatuses = (auth: boolean, extra: readonly number[] = []) =>
  [...new Set([400, 403, 413, 500, ...(auth ? [401] : []), ...extra])].sort();

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input',
  401: 'No token, or one that is not valid',
  403: 'Not allowed (a free limit, the demo account, an API token where it may not be used, or a request that did not come through the app’s address)',
  404: 'Not found (another user’s data too)',
  409: 'In conflict with the current state',
  413: 'Body too large',
  429: 'Too many attempts',
  500: 'Server error',
  503: 'Not now (too many sign-ins at once in this instance, or SES refused an invoice email): try again after `Retry-After` seconds',
};

function answer(body: Answer, status: number): JsonSchema {
  if (body === 'none') return { description: 'No content' };
  if (body === 'csv') {
    return { description: 'A CSV file', content: { 'text/csv': { schema: { type: 'string' } } } };
  }
  if (body === 'xml') {
    return {
      description: 'An XML document',
      content: { 'application/xml': { schema: { type: 'string' } } },
    };
  }
  if (body === 'pdf') {
    return {
      description: 'A PDF file',
      content: { 'application/pdf': { schema: { type: 'string', contentEncoding: 'binary' } } },
    };
  }
  return {
    description: status === 201 ? 'Created' : 'OK',
    content: { 'application/json': { schema: json(body, 'output') } },
  };
}

/** A JSON answer that `?format=csv` gives as a CSV file instead. */
function withCsv(json: JsonSchema | undefined): JsonSchema {
  const content = (json?.content ?? {}) as Record<string, unknown>;
  return { ...json, content: { ...content, 'text/csv': { schema: { type: 'string' } } } };
}

/** `{param}` names of a path, as OpenAPI path parameters (all strings). */
const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

/** The query schema's fields, as OpenAPI query parameters. */
function queryParameters(query: z.core.$ZodType | undefined) {
  if (!query) return [];
  const schema = json(query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: s,
  }));
}

function requestBody(body: z.core.$ZodType | 'csv' | 'file' | undefined) {
  if (body === 'csv') {
    return { requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' } } } } };
  }
  if (body === 'file') {
    const file = { schema: { type: 'string', contentEncoding: 'binary' } };
    return {
      requestBody: {
        required: true,
        content: { 'application/xml': file, 'text/xml': file, 'application/pdf': file },
      },
    };
  }
  return body ? { requestBody: { content: { 'application/json': { schema: json(body, 'input') } } } } : {};
}

/**
 * Who may call an operation: nobody needs to sign in to a public one; a signed-in one takes the
 * session token (`x-auth-token`), and — unless its `tokenScope` is `none` — an API token
 * (`Authorization: Bearer`; a `read` token only where the scope is `read`).
 */
function securityOf(auth: boolean, op: Endpoint) {
  if (!auth) return [];
  return op.tokenScope === 'none' ? [{ token: [] }] : [{ token: [] }, { apiToken: [] }];
}

const SECURITY_SCHEMES = {
  token: {
    type: 'apiKey',
    in: 'header',
    name: 'x-auth-token',
    description: 'The session token (a JWT) that `POST /api/auth` answers.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API token for scripts and integrations, created in the app’s settings (`POST /api/apitokens`). ' +
      'Not accepted by the account, two-factor and token routes or by logout (403 `API_TOKEN_NOT_ALLOWED`); ' +
      'a `read` token gets 403 `API_TOKEN_READ_ONLY` where `x-api-token-scope` is `write`.',
  },
};

function buildDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const op: Endpoint = ENDPOINTS[route.name];
    const responses: Record<string, JsonSchema> = {};
    for (const [status, body] of Object.entries(op.answers)) responses[status] = answer(body, Number(status));
    if (op.csvFormat) responses['200'] = withCsv(responses['200']);
    for (const status of errorStatuses(route.auth, op.errors)) {
      responses[status] = {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: route.handler,
      summary: op.summary,
      security: securityOf(route.auth, op),
      ...(route.auth ? { 'x-api-token-scope': op.tokenScope } : {}),
      parameters: [...pathParameters(route.path), ...queryParameters(op.query)],
      ...requestBody(op.body),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Timeledger API',
      version: '2',
      description:
        'Time, income and expense tracking. Every error answers `{"errors":[{msg,code,param}]}`. Money is a decimal exact to the cent; durations and `totalHours` are milliseconds.',
    },
    servers: [{ url: '/' }],
    security: [{ token: [] }, { apiToken: [] }],
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { Error: json(errorResponse(), 'output') },
    },
    paths,
  };
}

let document: ReturnType<typeof buildDocument> | undefined;

/** The document, built once per process. */
export function openApiDocument() {
  document ??= buildDocument();
  return document;
}
