import middy from '@middy/core';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Endpoint } from '../../contract/endpoint';
import { withRequestTime } from '../lib/budget';
import { addLogContext, withLogContext } from '../lib/logger';
import { jsonBody } from './body';
import { throughCloudFront } from './cloudfront';
import { errorHandler } from './error-handler';
import type { AuditFields, Event, RequestOf, RouteFn, RouteOptions, Schema } from './request';
import { answerOf } from './respond';
import { securityEvents } from './security-events';
import { type Authenticate, authenticated, type ReadEarly } from './session';
import { assertWellFormed, parse } from './validate';

/**
 * Wraps a handler function in the shared middleware chain:
 * event and header normalizers (middy's) → came through CloudFront (`cloudfront.ts`) → session
 * (`session.ts`) → body (`body.ts`) → validation (`validate.ts`) → handler, with the
 * error handler catching all. A signed-in endpoint's chain checks the token with `authenticate`.
 */
export function chainedRoute<E extends Endpoint>(
  endpoint: E,
  fn: RouteFn<E>,
  options: RouteOptions,
  authenticate: Authenticate | undefined,
  readEarly?: ReadEarly,
) {
  // Asked at the first request, not at import: reading `body` builds the endpoint's schema
  // (`endpoint` in `contract/endpoint.ts`), which a cold start leaves for the request that needs it.
  const csv = () => endpoint.body === 'csv';
  const file = () => endpoint.body === 'file';
  const base = async (event: Event, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    assertWellFormed(event.pathParameters);
    assertWellFormed(event.queryStringParameters);
    const parsedBody = (event as { parsedBody?: unknown }).parsedBody;
    if (event.auth?.user) addLogContext({ userId: event.auth.user._id });
    const request = {
      body: csv() || file() ? parsedBody : parse(endpoint.body as Schema | undefined, parsedBody, true),
      query: parse(endpoint.query, event.queryStringParameters),
      path: parse(endpoint.params, event.pathParameters),
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
    .use(httpEventNormalizer())
    .use(httpHeaderNormalizer())
    .use(throughCloudFront());
  // Who is asking comes before what they sent: a caller without a valid token learns nothing
  // about the body's rules, and no unauthenticated body is parsed.
  if (endpoint.auth) {
    if (!authenticate)
      throw new Error(`${endpoint.method} ${endpoint.path} is signed in: it needs the session check`);
    chain.use(authenticated(authenticate, endpoint.tokenScope, readEarly));
  }
  chain.use(jsonBody(csv, file));
  // The event normalizer widens the event's type to every API Gateway version; a function gets 2.0.
  const handler = chain.handler(base) as unknown as (
    event: APIGatewayProxyEventV2,
    context: Context,
  ) => Promise<APIGatewayProxyStructuredResultV2>;
  // Every line logged while answering carries the request id, the function and the cold start;
  // work that could outlive the function's timeout (a password hash) sees how much time is left.
  return (event: APIGatewayProxyEventV2, context: Context) =>
    withLogContext(
      {
        requestId: context?.awsRequestId ?? event.requestContext?.requestId,
        functionName: context?.functionName,
      },
      () => withRequestTime(remainingOf(context), () => handler(event, context)),
    );
}

/** The Lambda context's time left, when it has one (the test client's has none). */
const remainingOf = (context: Context | undefined) =>
  typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : undefined;

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
