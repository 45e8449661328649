import type { MiddlewareObj } from '@middy/core';
import type { TokenScope } from '../../contract/endpoint';
import type { Credentials, OnSigned, SignedIn } from '../domain/identity/sessions';
import type { Event } from './request';

/**
 * The session check of a signed-in endpoint. Given the way to check credentials (`authenticate`
 * of `domain/identity/sessions.ts`, passed in by `./index.ts`, so that a public endpoint's bundle leaves the
 * token code out), it refuses a request without a valid `x-auth-token` or API token
 * (`Authorization: Bearer`) with 401 — or an API token the endpoint's `tokenScope` does not admit
 * with 403 — before its body is read, and hands the user and session on to the handler.
 */

/** Who the credentials belong to (`authenticate` in `domain/identity/sessions.ts`), or a 401/403. */
export type Authenticate = (
  credentials: Credentials,
  scope: TokenScope,
  onSigned?: OnSigned,
) => Promise<SignedIn>;

/** A read that depends only on who is asking (see `routeReadingEarly` in `./index.ts`). */
export type ReadEarly = (userId: string) => Promise<unknown>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header; `''` (refused) for any other authorization. */
function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return BEARER.exec(header)?.[1] ?? '';
}

/**
 * Checks `x-auth-token` or the Bearer API token and loads the user it names; else a 401 (or 403).
 * With `readEarly`, the route's read starts as soon as the token names its user and runs beside the
 * session's read; it reaches the handler (`event.early`) only if the session holds, and a refused
 * request's read is dropped unanswered, failed or not.
 */
export function authenticated(
  authenticate: Authenticate,
  scope: TokenScope,
  readEarly?: ReadEarly,
): MiddlewareObj<Event> {
  return {
    before: async (request) => {
      const { headers } = request.event;
      let early: Promise<unknown> | undefined;
      const onSigned = readEarly
        ? (userId: string) => {
            early = readEarly(userId);
            // Looked at only by the handler, after the session held; a refusal leaves it unread.
            early.catch(() => undefined);
          }
        : undefined;
      request.event.auth = await authenticate(
        { sessionToken: headers['x-auth-token'], apiToken: bearerToken(headers.authorization) },
        scope,
        onSigned,
      );
      request.event.early = early;
    },
  };
}
