import type { MiddlewareObj } from '@middy/core';
import type { SignedIn } from '../domain/sessions';
import type { Event } from './request';

/**
 * The session check of a signed-in endpoint. Given the way to check a token (\`authenticate\` of
 * \`domain/sessions.ts\`, passed in by \`./index.ts\`, so that a public endpoint's bundle leaves the
 * token code out), it refuses a request without a valid \`x-auth-token\` with 401 before its body
 * is read, and hands the user and session on to the handler.
 */

/** Who a session token belongs to (`authenticate` in `domain/sessions.ts`), or a 401. */
export type Authenticate = (token: string | undefined) => Promise<SignedIn>;

/** Checks `x-auth-token` and loads the user it names; else a 401. */
export function authenticated(authenticate: Authenticate): MiddlewareObj<Event> {
  return {
    before: async (request) => {
      request.event.auth = await authenticate(request.event.headers['x-auth-token']);
    },
  };
}
