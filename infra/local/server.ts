/**
 * The one local server: `/api/*` through the route table to the same handler modules (as API
 * Gateway and Lambda would call them), `/embed/*` and the SPA, answered as CloudFront answers.
 */
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { Socket } from 'node:net';
import { matchRoute } from '../../functions/routes-match';
import type { Surface } from '../web-headers';
import { lambdaContext, loadHandler, splitTarget, toApiGatewayEvent } from './lambda-events';
import { errorBody, JSON_HEADERS, REFUSALS, ROUTE_NOT_FOUND, refuse, send } from './respond';
import { type StaticDirs, serveStatic } from './static-files';

export type { StaticDirs } from './static-files';

/** How long a client may take to send its headers, then its whole request (answered 408). */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/** API Gateway HTTP APIs refuse payloads above 10 MB; the local server does the same. */
const API_GATEWAY_MAX_BYTES = 10 * 1024 * 1024;

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
    // A path parameter that is not valid percent-encoding (`%E0%A4%A`): no resource has that
    // name, so it is not found, as every other unknown path (issue 35 item 7).
    return send(req, res, surface, 404, JSON_HEADERS, ROUTE_NOT_FOUND);
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
  if (!target || path?.includes('\0')) return refuse(req, res, surfaceOf(path), 400);
  // A path that is not valid percent-encoding or UTF-8 (`/%`, `/%E0%A4%A`, `/%ED%A0%80`) names no
  // resource: 404 like any unknown path (issue 35 item 7), decided on the raw path.
  if (path === undefined) {
    const surface = surfaceOf(target.rawPath);
    if (surface === 'app') return refuse(req, res, surface, 404);
    return send(req, res, surface, 404, JSON_HEADERS, ROUTE_NOT_FOUND);
  }

  if (surfaceOf(path) !== 'app') return handleApi(req, res, target.rawPath, req.url ?? '/');

  return serveStatic(req, res, path, dirs);
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
export function createLocalServer(
  dirs: StaticDirs,
  timeouts: { headersMs: number; requestMs: number } = {
    headersMs: HEADERS_TIMEOUT_MS,
    requestMs: REQUEST_TIMEOUT_MS,
  },
): Server {
  // Node looks for sockets past their time every `connectionsCheckingInterval` (30 s by default).
  const checkEveryMs = Math.min(1_000, timeouts.headersMs);
  const server = createServer({ connectionsCheckingInterval: checkEveryMs }, (req, res) => {
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
  // A client that sends its headers or its body slowly holds a socket; CloudFront gives up on a
  // request it cannot read within its timeouts, so does this server (issue 35 item 7): the
  // headers within 10 s, the whole request within 30 s (408, the socket closed), an idle
  // keep-alive socket after 5 s.
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = 5_000;
  return server;
}
