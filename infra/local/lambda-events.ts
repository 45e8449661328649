/**
 * What API Gateway and Lambda do around a handler, done locally: the handler module loaded once
 * (like a warm function), the payload-2.0 event built from a request, and a Lambda context.
 */
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { DEFAULT_TIMEOUT_SECONDS, type RouteDefinition, routeKey } from '../../functions/routes';

const ROOT = resolve(import.meta.dirname, '../..');

type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<string, Promise<LambdaHandler>>();

/**
 * Imports the same handler module that runs in Lambda, once per server (like a warm function).
 * With `TIMELEDGER_BUNDLES` set, answers through the built Lambda bundles instead (`./bundles`).
 */
export function loadHandler(name: string): Promise<LambdaHandler> {
  let loaded = handlers.get(name);
  if (!loaded) {
    if (process.env.TIMELEDGER_BUNDLES) {
      loaded = import('./bundles').then((bundles) => bundles.bundleHandler(name) as unknown as LambdaHandler);
    } else {
      const file = pathToFileURL(join(ROOT, 'functions', 'handlers', `${name}.ts`)).href;
      loaded = import(file).then((mod: { handler: LambdaHandler }) => mod.handler);
    }
    handlers.set(name, loaded);
  }
  return loaded;
}

/** A Lambda context whose remaining time counts down from the function's timeout, as on AWS. */
export function lambdaContext(route: RouteDefinition): Context {
  const started = Date.now();
  const timeoutMs = (route.needs.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: route.handler,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${route.handler}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${route.handler}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

/**
 * Splits a request target into its raw (still percent-encoded) path and query. Only the
 * origin form (`/path?query`) and the absolute form (`http://host/path`) are requests for a
 * resource; anything else (`*`, `//evil`) gives `undefined`.
 */
export function splitTarget(target: string): { rawPath: string; rawQuery: string } | undefined {
  let origin = target;
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      origin = `${url.pathname}${url.search}`;
    } catch {
      return undefined;
    }
  }
  if (!origin.startsWith('/') || origin.startsWith('//')) return undefined;
  const q = origin.indexOf('?');
  return q === -1
    ? { rawPath: origin, rawQuery: '' }
    : { rawPath: origin.slice(0, q), rawQuery: origin.slice(q + 1) };
}

/** Builds the API Gateway HTTP API (payload format 2.0) event for a request, as AWS would. */
export function toApiGatewayEvent(
  req: { method: string; url: string; headers: IncomingMessage['headers']; sourceIp: string },
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  body: Buffer,
): APIGatewayProxyEventV2 {
  const { rawPath, rawQuery } = splitTarget(req.url) ?? { rawPath: '/', rawQuery: '' };
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies.push(...String(value).split(/;\s*/));
    else headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQuery))
    query[name] = name in query ? `${query[name]},${value}` : value;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath,
    rawQueryString: rawQuery,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    // A body that is not UTF-8 text travels base64-encoded, as API Gateway sends a body it cannot
    // read as text, so the edge sees its exact bytes and refuses it (decoding it here would turn
    // each bad byte into U+FFFD and store that).
    ...(body.length === 0
      ? { isBase64Encoded: false }
      : isUtf8(body)
        ? { body: body.toString('utf8'), isBase64Encoded: false }
        : { body: body.toString('base64'), isBase64Encoded: true }),
  } as APIGatewayProxyEventV2;
}
