import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** What a handler answers: a plain value (200 JSON) or a response built with `respond`. */

/** A handler may answer a plain value (200 JSON) or a full response built with `respond`. */
export interface Response {
  statusCode: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const RESPONSE = Symbol('response');
export const TEXT = Symbol('text');
export const BINARY = Symbol('binary');
export type TaggedResponse = Response & { [RESPONSE]: true; [TEXT]?: true; [BINARY]?: true };

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

/** A response whose body is a file (a PDF), sent base64-encoded as API Gateway wants binary bodies. */
export function respondBinary(
  statusCode: number,
  bytes: Uint8Array,
  headers: Record<string, string> & { 'content-type': string },
): Response {
  return {
    statusCode,
    body: Buffer.from(bytes).toString('base64'),
    headers,
    [RESPONSE]: true,
    [BINARY]: true,
  } as TaggedResponse;
}

export function isResponse(value: unknown): value is Response {
  return typeof value === 'object' && value !== null && RESPONSE in value;
}

/** A JSON answer, never cached. */
export function json(
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

/** A handler's result as the HTTP answer: a `respond`/`respondText`/`respondBinary` response, or a 200 JSON body. */
export function answerOf(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (isResponse(result) && BINARY in result) {
    return {
      statusCode: result.statusCode,
      headers: { 'cache-control': 'no-store', ...result.headers },
      body: String(result.body),
      isBase64Encoded: true,
    };
  }
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
