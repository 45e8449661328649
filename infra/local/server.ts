import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute, type RouteDefinition, routeKey } from '../../functions/routes';

/** API Gateway HTTP APIs refuse payloads above 10 MB; the local server does the same. */
const API_GATEWAY_MAX_BYTES = 10 * 1024 * 1024;
const ROOT = resolve(import.meta.dirname, '../..');

type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<string, Promise<LambdaHandler>>();

/** Imports the same handler module that runs in Lambda, once per server (like a warm function). */
export function loadHandler(name: string): Promise<LambdaHandler> {
  let loaded = handlers.get(name);
  if (!loaded) {
    const file = pathToFileURL(join(ROOT, 'functions', 'handlers', `${name}.ts`)).href;
    loaded = import(file).then((mod: { handler: LambdaHandler }) => mod.handler);
    handlers.set(name, loaded);
  }
  return loaded;
}

function lambdaContext(route: RouteDefinition): Context {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: route.handler,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${route.handler}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${route.handler}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, 10_000 - (Date.now() - started)),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

/** Builds the API Gateway HTTP API (payload format 2.0) event for a request, as AWS would. */
export function toApiGatewayEvent(
  req: { method: string; url: string; headers: IncomingMessage['headers']; sourceIp: string },
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  body: Buffer,
): APIGatewayProxyEventV2 {
  const url = new URL(req.url, 'http://localhost');
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies.push(...String(value).split(/;\s*/));
    else headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
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
        path: url.pathname,
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
    ...(body.length ? { body: body.toString('utf8'), isBase64Encoded: false } : { isBase64Encoded: false }),
  } as APIGatewayProxyEventV2;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > API_GATEWAY_MAX_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function handleApi(req: IncomingMessage, res: ServerResponse, path: string) {
  const match = matchRoute(req.method ?? 'GET', path);
  if (!match) return sendJson(res, 404, { errors: [{ msg: 'Not found', code: 'ROUTE_NOT_FOUND' }] });
  if ('methodNotAllowed' in match) {
    return sendJson(res, 405, { errors: [{ msg: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' }] });
  }
  const body = await readBody(req);
  if (!body)
    return sendJson(res, 413, { errors: [{ msg: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' }] });
  const event = toApiGatewayEvent(
    {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
    },
    match.route,
    match.pathParameters,
    body,
  );
  const handler = await loadHandler(match.route.handler);
  const result = await handler(event, lambdaContext(match.route));
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? ''));
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

async function fileIfExists(path: string): Promise<string | undefined> {
  try {
    return (await stat(path)).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

async function serveFile(res: ServerResponse, file: string, headers: Record<string, string> = {}) {
  res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', ...headers });
  createReadStream(file).pipe(res);
}

export interface StaticDirs {
  /** The built SPA (index.html plus assets); unknown paths fall back to index.html, as CloudFront does. */
  app: string;
  /** The built embed bundle, served under /embed/ with open CORS. */
  embed: string;
}

/** The one local server: `/api/*` through the route table, `/embed/*`, and the SPA with history fallback. */
export function createLocalServer(dirs: StaticDirs): Server {
  return createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    try {
      if (path === '/api' || path.startsWith('/api/')) return await handleApi(req, res, path);
      if (path.startsWith('/embed/')) {
        const file = await fileIfExists(
          join(dirs.embed, normalize(path.slice('/embed/'.length)).replace(/^(\.\.[/\\])+/, '')),
        );
        if (!file) return sendJson(res, 404, { errors: [{ msg: 'Not found', code: 'NOT_FOUND' }] });
        return serveFile(res, file, {
          'access-control-allow-origin': '*',
          'cache-control': 'public, max-age=300',
        });
      }
      const asset =
        path !== '/' && (await fileIfExists(join(dirs.app, normalize(path).replace(/^(\.\.[/\\])+/, ''))));
      if (asset) return serveFile(res, asset, { 'cache-control': 'public, max-age=300' });
      const index = await fileIfExists(join(dirs.app, 'index.html'));
      if (!index)
        return sendJson(res, 503, { errors: [{ msg: 'The app is not built', code: 'APP_NOT_BUILT' }] });
      return serveFile(res, index, { 'cache-control': 'no-cache' });
    } catch (error) {
      process.stderr.write(
        `${JSON.stringify({ level: 'error', message: 'local server error', error: String(error) })}\n`,
      );
      if (!res.headersSent) sendJson(res, 500, { errors: [{ msg: 'Server error', code: 'INTERNAL_ERROR' }] });
      else res.end();
    }
  });
}
