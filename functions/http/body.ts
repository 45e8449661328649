import type { MiddlewareObj } from '@middy/core';
import { PayloadTooLargeError, ValidationError } from '../lib/errors';
import type { Event, UploadedFile } from './request';
import { assertWellFormed } from './validate';

/** Bodies above this are refused with 413 before they are parsed. Field limits (400) are far below it. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

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

/** The CSV body as text: UTF-8 (ill-formed bytes are refused, not replaced), without a BOM. */
export function csvText(event: Event): string {
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

/** A `file` body (`contract/endpoint.ts`) may be up to this: API Gateway's own limit for a request. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * The body of a `file` endpoint as the bytes sent: API Gateway hands a binary body base64-encoded
 * (`isBase64Encoded`), a text one (an XML file) as the string; both give the same bytes.
 */
export function fileBody(event: Event): UploadedFile {
  const contentType = (event.headers?.['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!event.body) return { contentType, bytes: new Uint8Array(0) };
  if (!event.isBase64Encoded && Buffer.byteLength(event.body, 'utf8') > MAX_FILE_BYTES) {
    throw new PayloadTooLargeError();
  }
  const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (bytes.length > MAX_FILE_BYTES) throw new PayloadTooLargeError();
  return { contentType, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
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
 * Parses the JSON body (or takes the CSV text of a `csv` route, or the bytes of a `file` one): a body that is not JSON, too
 * large or too deep never reaches the handler. `csv` is asked at each request, not when the
 * chain is made: the endpoint builds its body's schema when its `body` is first read.
 */
export function jsonBody(csv: () => boolean, file: () => boolean = () => false): MiddlewareObj<Event> {
  return {
    before: (request) => {
      const { event } = request;
      if (file()) {
        (event as { parsedBody?: unknown }).parsedBody = fileBody(event);
        return;
      }
      if (csv()) {
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
