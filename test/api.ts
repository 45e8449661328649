import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { matchRoute } from '../functions/routes-match';
import { lambdaContext, loadHandler, toApiGatewayEvent } from '../infra/local/lambda-events';
import { checkAgainstOpenApi } from './openapi';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A raw body string, sent as is (for malformed JSON). */
  rawBody?: string;
  /** A raw body of bytes, sent as is (for bodies that are not UTF-8). */
  rawBytes?: Buffer;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  sourceIp?: string;
  /**
   * Give the handler a Lambda context whose time counts down from the function's timeout, as the
   * local server and Lambda do (middy then answers at the timeout); without it time is unbounded.
   */
  timed?: boolean;
}

/**
 * Calls the API the way API Gateway does: through the route table to the real handler module, with
 * a payload 2.0 event — the same path the local server and Lambda take, without a socket.
 */
export async function call<T = any>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const url = options.query ? `${path}?${new URLSearchParams(options.query).toString()}` : path;
  const match = matchRoute(method, path.split('?')[0] ?? path);
  if (!match || 'methodNotAllowed' in match) throw new Error(`No route for ${method} ${path}`);
  const headers: Record<string, string> = { host: 'localhost', ...(options.headers ?? {}) };
  if (options.token) headers['x-auth-token'] = options.token;
  const raw = options.rawBody ?? (options.body === undefined ? '' : JSON.stringify(options.body));
  if (raw || options.rawBytes) headers['content-type'] ??= 'application/json';
  const event: APIGatewayProxyEventV2 = toApiGatewayEvent(
    { method, url, headers, sourceIp: options.sourceIp ?? '127.0.0.1' },
    match.route,
    match.pathParameters,
    options.rawBytes ?? Buffer.from(raw),
  );
  const handler = await loadHandler(match.route.handler);
  const result = await handler(event, options.timed ? lambdaContext(match.route) : ({} as never));
  const text = result.body ?? '';
  // A file (a PDF) comes base64-encoded, as API Gateway takes binary bodies: the test gets its bytes.
  let body: unknown = result.isBase64Encoded ? new Uint8Array(Buffer.from(text, 'base64')) : text;
  if ((result.headers?.['content-type'] as string | undefined)?.includes('json') && text)
    body = JSON.parse(text);
  const status = result.statusCode ?? 200;
  const responseHeaders = (result.headers ?? {}) as Record<string, string>;
  checkAgainstOpenApi(match.route, status, responseHeaders, body);
  return { status, body: body as T, headers: responseHeaders };
}
