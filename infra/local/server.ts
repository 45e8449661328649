import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { Socket } from 'node:net';
import { extname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Script } from 'node:vm';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute, type RouteDefinition, routeKey } from '../../functions/routes';
import { checkAnalyticsUrl, webConfig } from '../web-config';
import {
  appCacheControl,
  CACHE_CONTROL,
  COMPRESSED,
  COMPRESSION,
  preflightHeaders,
  responseHeaders,
  type Surface,
} from '../web-headers';

/** API Gateway HTTP APIs refuse payloads above 10 MB; the local server does the same. */
const API_GATEWAY_MAX_BYTES = 10 * 1024 * 1024;
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
    ...(body.length ? { body: body.toString('utf8'), isBase64Encoded: false } : { isBase64Encoded: false }),
  } as APIGatewayProxyEventV2;
}

// ---- Answering ---------------------------------------------------------------------------------

const errorBody = (msg: string, code: string) => ({ errors: [{ msg, code }] });

/** The refusals of the server itself (before any handler), in the contract's error shape. */
const REFUSALS = {
  400: errorBody('Bad request', 'BAD_REQUEST'),
  404: errorBody('Not found', 'NOT_FOUND'),
  405: errorBody('Method not allowed', 'METHOD_NOT_ALLOWED'),
  408: errorBody('Request timeout', 'REQUEST_TIMEOUT'),
  413: errorBody('Request body is too large', 'PAYLOAD_TOO_LARGE'),
  431: errorBody('Request headers are too large', 'HEADERS_TOO_LARGE'),
} as const;

const encode = { br: promisify(brotliCompress), gzip: promisify(gzip) };
type Encoding = keyof typeof encode;

/**
 * The encoding CloudFront would pick for this `Accept-Encoding`: brotli when accepted, else gzip,
 * else none. `q=0` refuses an encoding; `*` stands for any not named.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/** Compressed file bodies, by file, modification time and encoding: a build changes the time. */
const compressedFiles = new Map<string, Promise<Buffer>>();

async function compress(body: Buffer, encoding: Encoding, cacheKey?: string): Promise<Buffer> {
  const run = () =>
    encoding === 'br'
      ? // Quality 5: close to 11 in size for JavaScript at a fraction of the CPU.
        encode.br(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : encode.gzip(body);
  if (!cacheKey) return run();
  let cached = compressedFiles.get(cacheKey);
  if (!cached) {
    if (compressedFiles.size > 500) compressedFiles.clear();
    cached = run();
    compressedFiles.set(cacheKey, cached);
    cached.catch(() => compressedFiles.delete(cacheKey));
  }
  return cached;
}

/**
 * Sends a whole response with the surface's headers (they win over the handler's, as CloudFront's
 * `override` does), compressed the way CloudFront would compress it.
 */
async function send(
  req: IncomingMessage,
  res: ServerResponse,
  surface: Surface,
  status: number,
  headers: Record<string, string | string[]>,
  body: Buffer,
  cacheKey?: string,
): Promise<void> {
  const out: Record<string, string | string[]> = { ...headers, ...responseHeaders(surface, analyticsUrl()) };
  let payload = body;
  const type = String(out['content-type'] ?? '');
  if (
    COMPRESSED[surface] &&
    COMPRESSION.types.test(type) &&
    body.length >= COMPRESSION.minBytes &&
    body.length <= COMPRESSION.maxBytes &&
    !out['content-encoding']
  ) {
    out.vary = 'accept-encoding';
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (encoding) {
      payload = await compress(body, encoding, cacheKey && `${cacheKey}:${encoding}`);
      out['content-encoding'] = encoding;
    }
  }
  out['content-length'] = String(payload.length);
  res.writeHead(status, out);
  res.end(payload);
}

function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  surface: Surface,
  status: keyof typeof REFUSALS,
  extra: Record<string, string> = {},
): Promise<void> {
  return send(
    req,
    res,
    surface,
    status,
    { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra },
    Buffer.from(JSON.stringify(REFUSALS[status])),
  );
}

/**
 * Reads the body up to API Gateway's limit. Past it, stops reading and answers `undefined`; the
 * caller answers 413 and closes the connection rather than draining gigabytes.
 */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > API_GATEWAY_MAX_BYTES) {
        req.off('data', onData);
        req.pause();
        resolveBody(undefined);
      } else chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolveBody(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** Answers 413 and closes the connection: the rest of an oversized body is never read. */
async function tooLarge(req: IncomingMessage, res: ServerResponse, surface: Surface) {
  res.shouldKeepAlive = false;
  res.once('finish', () => req.socket.destroySoon());
  await refuse(req, res, surface, 413, { connection: 'close' });
}

async function handleApi(req: IncomingMessage, res: ServerResponse, rawPath: string, target: string) {
  const surface: Surface = rawPath.startsWith('/api/embed/') ? 'embedApi' : 'api';
  let match: ReturnType<typeof matchRoute>;
  try {
    match = matchRoute(req.method ?? 'GET', rawPath);
  } catch {
    // A path parameter that is not valid percent-encoding (`%E0%A4%A`).
    return refuse(req, res, surface, 400);
  }
  if (!match) return send(req, res, surface, 404, JSON_HEADERS, ROUTE_NOT_FOUND);
  if ('methodNotAllowed' in match) return refuse(req, res, surface, 405);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > API_GATEWAY_MAX_BYTES) return tooLarge(req, res, surface);
  const body = await readBody(req);
  if (!body) return tooLarge(req, res, surface);
  const event = toApiGatewayEvent(
    {
      method: req.method ?? 'GET',
      url: target,
      headers: req.headers,
      sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
    },
    match.route,
    match.pathParameters,
    body,
  );
  const handler = await loadHandler(match.route.handler);
  const result = await handler(event, lambdaContext(match.route));
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const payload =
    result.isBase64Encoded && result.body
      ? Buffer.from(result.body, 'base64')
      : Buffer.from(result.body ?? '');
  return send(req, res, surface, result.statusCode ?? 200, headers, payload);
}

/** The page-view endpoint of `ANALYTICS_URL` (off when unset), as `-c analyticsUrl` is on AWS. */
const analyticsUrl = () => checkAnalyticsUrl(process.env.ANALYTICS_URL, 'ANALYTICS_URL');

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const ROUTE_NOT_FOUND = Buffer.from(JSON.stringify(errorBody('Not found', 'ROUTE_NOT_FOUND')));

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

/** The file under `dir` that a decoded URL path names, or `undefined` when it is not a file there. */
async function fileIn(dir: string, path: string): Promise<{ file: string; mtimeMs: number } | undefined> {
  const base = resolve(dir);
  const file = resolve(base, `.${path}`);
  // `..` segments (encoded or not) must not leave the directory.
  if (file !== base && !file.startsWith(base + sep)) return undefined;
  try {
    const info = await stat(file);
    return info.isFile() ? { file, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  surface: Surface,
  found: { file: string; mtimeMs: number },
  cacheControl: string,
) {
  const body = await readFile(found.file);
  return send(
    req,
    res,
    surface,
    200,
    {
      'content-type': MIME[extname(found.file)] ?? 'application/octet-stream',
      'cache-control': cacheControl,
    },
    body,
    `${found.file}:${found.mtimeMs}`,
  );
}

/** The CloudFront Function of the stack's history fallback, run on each app request as CloudFront runs it. */
const spaFallback = new Script(
  `${readFileSync(join(ROOT, 'infra', 'spa-fallback.js'), 'utf8')}\nhandler({ request: { uri } }).uri`,
);
const fallbackPath = (uri: string): string => spaFallback.runInNewContext({ uri }) as string;

export interface StaticDirs {
  /** The built SPA (index.html plus assets); unknown paths fall back to index.html, as CloudFront does. */
  app: string;
  /** The built embed bundle, served under /embed/ with open CORS. */
  embed: string;
}

async function handle(req: IncomingMessage, res: ServerResponse, dirs: StaticDirs) {
  const target = splitTarget(req.url ?? '');
  let path: string | undefined;
  try {
    path = target && decodeURIComponent(target.rawPath);
  } catch {
    // `GET /%`, `/%E0%A4%A` and other percent-encoding that is not UTF-8.
  }
  const surfaceOf = (p: string | undefined): Surface =>
    p?.startsWith('/api/embed/') ? 'embedApi' : p === '/api' || p?.startsWith('/api/') ? 'api' : 'app';
  if (!target || path === undefined || path.includes('\0')) return refuse(req, res, surfaceOf(path), 400);

  if (surfaceOf(path) !== 'app') return handleApi(req, res, target.rawPath, req.url ?? '/');

  const method = req.method ?? 'GET';
  if (path.startsWith('/embed/')) {
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...responseHeaders('embed'), ...preflightHeaders('embed') });
      return void res.end();
    }
    if (method !== 'GET' && method !== 'HEAD')
      return refuse(req, res, 'embed', 405, { allow: 'GET, HEAD, OPTIONS' });
    const file = await fileIn(dirs.embed, path.slice('/embed'.length));
    if (!file) return refuse(req, res, 'embed', 404);
    return serveFile(req, res, 'embed', file, CACHE_CONTROL.embedBundle);
  }

  if (method !== 'GET' && method !== 'HEAD') return refuse(req, res, 'app', 405, { allow: 'GET, HEAD' });
  // What the stack writes into the web bucket, here from the environment.
  if (path === '/config.json') {
    return send(req, res, 'app', 200, JSON_HEADERS, Buffer.from(JSON.stringify(webConfig(analyticsUrl()))));
  }
  const served = fallbackPath(path);
  if (served !== '/index.html') {
    // A built file, or nothing: S3 has no fallback for a missing file either.
    const asset = await fileIn(dirs.app, served);
    if (!asset) return refuse(req, res, 'app', 404);
    return serveFile(req, res, 'app', asset, appCacheControl(relative(dirs.app, asset.file)));
  }
  const index = await fileIn(dirs.app, '/index.html');
  if (!index) {
    return send(
      req,
      res,
      'app',
      503,
      JSON_HEADERS,
      Buffer.from(JSON.stringify(errorBody('The app is not built', 'APP_NOT_BUILT'))),
    );
  }
  return serveFile(req, res, 'app', index, CACHE_CONTROL.page);
}

/** Node's own refusals (unparseable request line, odd method, headers over 16 KB, slow sender), sent on the bare socket. */
function onClientError(error: Error & { code?: string }, socket: Socket) {
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
  const body = JSON.stringify(REFUSALS[status]);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Starts listening on `HOST`, or on loopback only when it is unset: the local stack has no TLS, and
 * what it holds is the developer's. Resolves with the address it listens on.
 */
export function listenLocal(
  server: Server,
  port: number,
  host = process.env.HOST || '127.0.0.1',
): Promise<{ host: string; port: number }> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolveListen({
        host,
        port: typeof address === 'object' && address ? address.port : port,
      });
    });
  });
}

/**
 * The one local server: `/api/*` through the route table, `/embed/*`, and the SPA with history
 * fallback, with CloudFront's headers, compression and caching. No request, however malformed,
 * stops it: what cannot be parsed is a 400, what cannot be answered is a 500 for that request only.
 */
export function createLocalServer(dirs: StaticDirs): Server {
  const server = createServer((req, res) => {
    handle(req, res, dirs).catch((error: unknown) => {
      process.stderr.write(
        `${JSON.stringify({ level: 'error', message: 'local server error', error: String(error) })}\n`,
      );
      if (!res.headersSent) {
        res.writeHead(500, JSON_HEADERS);
        res.end(JSON.stringify(errorBody('Server error', 'INTERNAL_ERROR')));
      } else res.destroy();
    });
  });
  server.on('clientError', onClientError);
  return server;
}
