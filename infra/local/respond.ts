/**
 * How the local server answers: with the surface's headers (as CloudFront's response-headers
 * policies), compressed as CloudFront compresses, and its own refusals in the contract's error shape.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { checkAnalyticsUrl } from '../web-config';
import { COMPRESSED, COMPRESSION, responseHeaders, type Surface } from '../web-headers';

export const errorBody = (msg: string, code: string) => ({ errors: [{ msg, code }] });

/** The refusals of the server itself (before any handler), in the contract's error shape. */
export const REFUSALS = {
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
export async function send(
  req: IncomingMessage,
  res: ServerResponse,
  surface: Surface,
  status: number,
  headers: Record<string, string | string[]>,
  body: Buffer,
  cacheKey?: string,
): Promise<void> {
  const out: Record<string, string | string[]> = {
    ...headers,
    ...responseHeaders(surface, analyticsUrl(), localFileOrigins()),
  };
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

export function refuse(
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

/** The page-view endpoint of `ANALYTICS_URL` (off when unset), as `-c analyticsUrl` is on AWS. */
export const analyticsUrl = () => checkAnalyticsUrl(process.env.ANALYTICS_URL, 'ANALYTICS_URL');

/** The local S3 server's origin, where the browser puts receipts and reads the export's files. */
export const localFileOrigins = (): string[] =>
  process.env.S3_ENDPOINT ? [new URL(process.env.S3_ENDPOINT).origin] : [];

export const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};
export const ROUTE_NOT_FOUND = Buffer.from(JSON.stringify(errorBody('Not found', 'ROUTE_NOT_FOUND')));
