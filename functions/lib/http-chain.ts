import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import type { Endpoint, EndpointOutput } from '../../contract/endpoint';
import { apiMessage } from '../../contract/error-codes';
import { appErrorOf } from '../domain/data-errors';
import type { SignedIn } from '../domain/sessions';
import { clientAddress } from './address';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  schemaMessageCode,
  ValidationError,
} from './errors';
import { logger } from './logger';
import { cameThroughCloudFront } from './origin';
import { type SecurityEvent, securityLog } from './security-log';

/** Bodies above this are refused with 413 before they are parsed. Field limits (400) are far below it. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * What a handler function receives: the parsed, validated request and, on a signed-in route
 * (`Auth` true), the user and session. A public route's handler has neither, and its type says so.
 */
export type Request<Body, Query, Path, Auth extends boolean = boolean> = RequestBase<Body, Query, Path> &
  (Auth extends true ? SignedIn : { user?: undefined; session?: undefined });

interface RequestBase<Body, Query, Path> {
  body: Body;
  query: Query;
  path: Path;
  /** The caller's address, for rate limiting. */
  sourceIp: string;
  headers: Record<string, string | undefined>;
  event: APIGatewayProxyEventV2;
  /** Milliseconds left before Lambda stops the function (long writes stop early and say so). */
  remainingTimeMs: () => number;
  /**
   * Adds to the route's security log line what only the handler knows: the account a public route
   * acted on (login, signup), or how far a logout reached.
   */
  audit: (fields: AuditFields) => void;
}

/** What a handler may add to its route's security log line (never a secret). */
export interface AuditFields {
  userId?: string;
  everywhere?: boolean;
}

/** A handler may answer a plain value (200 JSON) or a full response built with `respond`. */
export interface Response {
  statusCode: number;
  body: unknown;
  headers?: Record<string, string>;
}

const RESPONSE = Symbol('response');
const TEXT = Symbol('text');
type TaggedResponse = Response & { [RESPONSE]: true; [TEXT]?: true };

/** Builds a response with a status other than 200 or with headers of its own. */
export function respond(statusCode: number, body: unknown, headers?: Record<string, string>): Response {
  return { statusCode, body, ...(headers ? { headers } : {}), [RESPONSE]: true } as TaggedResponse;
}

/** A response whose body is sent as the given text (a CSV file), with its own `content-type`. */
export function respondText(
  statusCode: number,
  text: string,
  headers: Record<string, string> & { 'content-type': string },
): Response {
  return { statusCode, body: text, headers, [RESPONSE]: true, [TEXT]: true } as TaggedResponse;
}

function isResponse(value: unknown): value is Response {
  return typeof value === 'object' && value !== null && RESPONSE in value;
}

export type Schema = z.core.$ZodType;
type Infer<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** What the handler of `E` receives: its body (CSV text for a `csv` body), query and path, parsed. */
export type RequestOf<E extends Endpoint> = Request<
  E['body'] extends 'csv' ? string : EndpointOutput<E['body']>,
  EndpointOutput<E['query']>,
  EndpointOutput<E['params']>,
  E['auth']
>;

/** A route's handler function: the validated request in, the answer out. */
export type RouteFn<E extends Endpoint> = (request: RequestOf<E>) => Promise<unknown>;

export interface RouteOptions {
  /**
   * The security event this route is (login, password change, …): its success and its failure
   * each write one security log line. Refusals (401, 403, 429) of every route are logged anyway.
   */
  security?: SecurityEvent;
}

type Event = APIGatewayProxyEventV2 & {
  auth?: SignedIn;
  audit?: AuditFields;
};

/**
 * The first schema issue as the contract's error: a 400, or a 404 when the schema says the value
 * names something that cannot exist (a malformed id: `NotFoundIssue` in `contract/fields.ts`). The
 * code and values come from the rule's message (`schemaMessage`); a rule without one is
 * `VALIDATION_ERROR`.
 */
function firstIssueToError(error: z.core.$ZodError, namesUnknown: boolean): AppError {
  const issue = error.issues[0];
  const notFound = issue?.code === 'custom' && (issue.params as { notFound?: boolean } | undefined)?.notFound;
  // An unknown id of the path or query is "not found", not a field to correct: the answer names none.
  const named = issue && issue.path.length > 0 && (namesUnknown || !notFound);
  const param = named ? issue.path.join('.') : undefined;
  const known = issue ? schemaMessageCode(issue.message) : undefined;
  const details = known
    ? { param, ...(known.values ? { values: known.values } : {}) }
    : { param, message: issue?.message };
  if (notFound) return new NotFoundError(known?.code ?? 'NOT_FOUND', details);
  return new ValidationError(known?.code ?? 'VALIDATION_ERROR', details);
}

/**
 * Where the first ill-formed string (a lone UTF-16 surrogate, e.g. from `"\ud800"` in JSON) sits
 * in a parsed value, keys included: its path (`''` for the value itself), or undefined when every
 * string is well-formed. Iterative, so a body nested a million levels deep cannot overflow the stack.
 */
export function illFormedPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!current.isWellFormed()) return path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!key.isWellFormed()) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * The one Unicode check at the edge: a body, path or query holding a lone surrogate is refused
 * before any schema or handler sees it. DynamoDB would store it (and JSON answers would carry it
 * back), but no client can type it and no other program reads it back the same way.
 */
function assertWellFormed(value: unknown) {
  const path = illFormedPath(value);
  if (path !== undefined) throw new ValidationError('ILL_FORMED_UNICODE', { param: path || undefined });
}

/**
 * Whether DynamoDB refused a request as invalid (an attribute or key too large, an empty key):
 * input the schemas should have caught, so a 400, never a 500. A transaction reports it as a
 * cancellation whose reasons include `ValidationError`.
 */
function isDynamoValidationError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'ValidationException') return true;
  if (name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((r) => r.Code === 'ValidationError');
}

/** No request has more than a few levels; the deepest, a settings or activity body, has one. */
export const MAX_BODY_DEPTH = 64;

/**
 * How deeply a JSON text nests (brackets outside strings), stopping once past `limit`. A linear
 * scan, done before `JSON.parse`: V8 parses a 5 MB body of nested brackets in seconds (about 6 s for
 * a million levels here), which would run a Lambda into its timeout and answer a 5xx.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** On AWS, refuses requests that did not come through CloudFront (see `cameThroughCloudFront`). */
function throughCloudFront(): MiddlewareObj<Event> {
  return {
    before: (request) => {
      if (!cameThroughCloudFront(request.event.headers ?? {})) {
        throw new ForbiddenError('NOT_THROUGH_CLOUDFRONT');
      }
    },
  };
}

/** The CSV body as text: UTF-8 (ill-formed bytes are refused, not replaced), without a BOM. */
function csvText(event: Event): string {
  const type = (event.headers?.['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'text/csv') throw new ValidationError('CSV_EXPECTED');
  if (!event.body) return '';
  const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (bytes.length > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  try {
    // TextDecoder drops a leading BOM itself (ignoreBOM is false by default).
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ValidationError('CSV_NOT_UTF8');
  }
}

/**
 * The text of a body that came base64-encoded: UTF-8, or 400 `BODY_NOT_UTF8`. A lenient decode
 * would store each ill-formed byte as U+FFFD, which no client sent.
 */
function strictUtf8(bytes: Buffer): string {
  if (bytes.length > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new ValidationError('BODY_NOT_UTF8');
  }
}

/**
 * Parses the JSON body (or takes the CSV text of a `csvBody` route): a body that is not JSON, too
 * large or too deep never reaches the handler.
 */
function jsonBody(csv: boolean): MiddlewareObj<Event> {
  return {
    before: (request) => {
      const { event } = request;
      if (csv) {
        (event as { parsedBody?: unknown }).parsedBody = csvText(event);
        return;
      }
      if (event.body === undefined || event.body === null || event.body === '') {
        (event as { parsedBody?: unknown }).parsedBody = undefined;
        return;
      }
      const raw = event.isBase64Encoded ? strictUtf8(Buffer.from(event.body, 'base64')) : event.body;
      if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) throw new PayloadTooLargeError();
      if (jsonDepthExceeds(raw, MAX_BODY_DEPTH)) {
        throw new ValidationError('BODY_TOO_DEEP', { values: { max: MAX_BODY_DEPTH } });
      }
      try {
        (event as { parsedBody?: unknown }).parsedBody = JSON.parse(raw);
      } catch {
        throw new ValidationError('INVALID_JSON');
      }
      assertWellFormed((event as { parsedBody?: unknown }).parsedBody);
    },
  };
}

/** Who a session token belongs to (`authenticate` in `domain/sessions.ts`), or a 401. */
export type Authenticate = (token: string | undefined) => Promise<SignedIn>;

/** Checks `x-auth-token` and loads the user it names; else a 401. */
function authenticated(authenticate: Authenticate): MiddlewareObj<Event> {
  return {
    before: async (request) => {
      request.event.auth = await authenticate(request.event.headers['x-auth-token']);
    },
  };
}

function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

const REFUSALS: Record<number, SecurityEvent> = {
  401: 'unauthorized',
  403: 'forbidden',
  429: 'rate_limited',
};

/** The request's fields of a security log line: who, from where, which request and route. */
function requestFields(event: Event) {
  return {
    userId: event.audit?.userId ?? event.auth?.user._id,
    ...(event.audit?.everywhere !== undefined ? { everywhere: event.audit.everywhere } : {}),
    requestId: event.requestContext?.requestId,
    route: event.routeKey,
    sourceIp: clientAddress(event.headers ?? {}, event.requestContext?.http?.sourceIp ?? 'unknown'),
  };
}

/**
 * Writes the success line of a route that is a security event. Runs after the handler (middy's
 * `after`), so the user and the handler's audit fields are known.
 */
function securityEvents(
  name: SecurityEvent | undefined,
): MiddlewareObj<Event, APIGatewayProxyStructuredResultV2> {
  return {
    after: (request) => {
      if (!name) return;
      securityLog({
        event: name,
        outcome: 'success',
        status: request.response?.statusCode ?? 200,
        ...requestFields(request.event),
      });
    },
  };
}

/**
 * The one error handler: typed domain errors become the contract's status and body, anything else
 * is logged once and answered as a 500 with no internals. A failed security event and every
 * refusal (401, 403, 429) also write a security log line.
 */
function errorHandler(
  security: SecurityEvent | undefined,
): MiddlewareObj<Event, APIGatewayProxyStructuredResultV2> {
  return {
    onError: (request) => {
      const error =
        request.error instanceof AppError ? request.error : (appErrorOf(request.error) ?? request.error);
      const route = request.event.routeKey;
      if (error instanceof AppError) {
        const refusal = REFUSALS[error.status];
        if (security || refusal) {
          const fields = requestFields(request.event);
          securityLog({
            event: security ?? (refusal as SecurityEvent),
            outcome: 'failure',
            status: error.status,
            code: error.code,
            ...fields,
            userId: fields.userId ?? error.userId,
          });
        }
        if (error.status >= 500) logger.error('request failed', { route, code: error.code });
        else if (!refusal) logger.info('request refused', { route, status: error.status, code: error.code });
        request.response = json(error.status, {
          errors: [
            {
              msg: error.message,
              code: error.code,
              ...(error.param ? { param: error.param } : {}),
              ...(error.values ? { values: error.values } : {}),
            },
          ],
        });
        return;
      }
      if (isDynamoValidationError(error)) {
        // A limit the schemas missed: the input is refused, and the log says which route lets it through.
        logger.warn('input refused by DynamoDB', { route, error: (error as Error).message });
        request.response = json(400, {
          errors: [{ msg: apiMessage('INVALID_INPUT'), code: 'INVALID_INPUT' }],
        });
        return;
      }
      logger.error('unexpected error', {
        route,
        error:
          error instanceof Error
            ? { name: error.name, message: error.message, stack: error.stack }
            : String(error),
      });
      request.response = json(500, {
        errors: [{ msg: apiMessage('INTERNAL_ERROR'), code: 'INTERNAL_ERROR' }],
      });
    },
  };
}

/** A value parsed by its schema; a body's unknown id names its field, a path's or query's none. */
function parse<S extends Schema | undefined>(schema: S, value: unknown, namesUnknown = false): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  const result = z.safeParse(schema, value);
  if (!result.success) throw firstIssueToError(result.error, namesUnknown);
  return result.data as Infer<S>;
}

/**
 * Wraps a handler function in the shared middleware chain:
 * header normalizer → came through CloudFront → auth → body → validation → handler, with the
 * error handler catching all. A signed-in endpoint's chain checks the token with `authenticate`.
 */
export function chainedRoute<E extends Endpoint>(
  endpoint: E,
  fn: RouteFn<E>,
  options: RouteOptions,
  authenticate: Authenticate | undefined,
) {
  const csv = endpoint.body === 'csv';
  const base = async (event: Event, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    assertWellFormed(event.pathParameters ?? {});
    assertWellFormed(event.queryStringParameters ?? {});
    const parsedBody = (event as { parsedBody?: unknown }).parsedBody;
    const request = {
      body: csv ? parsedBody : parse(endpoint.body as Schema | undefined, parsedBody, true),
      query: parse(endpoint.query, event.queryStringParameters ?? {}),
      path: parse(endpoint.params, event.pathParameters ?? {}),
      // Present exactly on signed-in routes: `authenticate` ran, or the request was refused.
      user: event.auth?.user,
      session: event.auth?.session,
      audit: (fields: AuditFields) => {
        event.audit = { ...event.audit, ...fields };
      },
      sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
      headers: event.headers ?? {},
      event,
      remainingTimeMs: () =>
        typeof context?.getRemainingTimeInMillis === 'function'
          ? context.getRemainingTimeInMillis()
          : Number.POSITIVE_INFINITY,
    };
    return answerOf(await fn(request as unknown as RequestOf<E>));
  };
  const chain = middy<Event, APIGatewayProxyStructuredResultV2>()
    .use(errorHandler(options.security))
    .use(securityEvents(options.security))
    .use(httpHeaderNormalizer())
    .use(throughCloudFront());
  // Who is asking comes before what they sent: a caller without a valid token learns nothing
  // about the body's rules, and no unauthenticated body is parsed.
  if (endpoint.auth) {
    if (!authenticate)
      throw new Error(`${endpoint.method} ${endpoint.path} is signed in: it needs the session check`);
    chain.use(authenticated(authenticate));
  }
  chain.use(jsonBody(csv));
  return chain.handler(base);
}

/** A handler's result as the HTTP answer: a `respond`/`respondText` response, or a 200 JSON body. */
function answerOf(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (isResponse(result) && TEXT in result) {
    return {
      statusCode: result.statusCode,
      headers: { 'cache-control': 'no-store', ...result.headers },
      body: String(result.body),
    };
  }
  if (isResponse(result)) return json(result.statusCode, result.body, result.headers);
  return json(200, result);
}

/**
 * `route` for a public endpoint: the same chain without the session check, so the function's
 * bundle leaves out token verification and the Secrets Manager client behind it (a public route
 * that signs a token, like login, still loads them through its domain code).
 */
export function publicRoute<E extends Endpoint & { auth: false }>(
  endpoint: E,
  fn: RouteFn<E>,
  options: RouteOptions = {},
) {
  return chainedRoute(endpoint, fn, options, undefined);
}
