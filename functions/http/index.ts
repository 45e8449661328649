import type { Endpoint } from '../../contract/endpoint';
import { authenticate } from '../domain/identity/sessions';
import { chainedRoute } from './chain';
import type { Event, RequestOf, RouteFn, RouteOptions } from './request';

/**
 * The request edge of the functions, one middleware per file beside this one (`chain.ts` puts
 * them in order). `route` wraps the handler of an endpoint (`contract/endpoints/`); on a signed-in
 * endpoint a request without a valid `x-auth-token` is refused with 401 before its body is read
 * (`session.ts`). A public endpoint may use `publicRoute` from `./chain`, the same chain whose
 * bundle leaves the token code out.
 */
export { jsonDepthExceeds, MAX_BODY_BYTES, MAX_BODY_DEPTH } from './body';
export type { AuditFields, Request, RouteOptions } from './request';
export { type Response, respond, respondBinary, respondText } from './respond';
export { illFormedPath } from './validate';

export function route<E extends Endpoint>(endpoint: E, fn: RouteFn<E>, options: RouteOptions = {}) {
  return chainedRoute(endpoint, fn, options, endpoint.auth ? authenticate : undefined);
}

/**
 * `route` for a signed-in GET whose main read depends only on who is asking (the caller's projects):
 * `readEarly` starts as soon as the token names its user, beside the session's read, so the request
 * waits for one round trip instead of two. The handler gets its result after the session held; a
 * refused request never looks at it. `readEarly` must only read: it runs before the caller is known
 * to be signed in.
 */
export function routeReadingEarly<E extends Endpoint & { method: 'GET'; auth: true }, T>(
  endpoint: E,
  readEarly: (userId: string) => Promise<T>,
  fn: (request: RequestOf<E>, early: T) => Promise<unknown>,
) {
  return chainedRoute(
    endpoint,
    async (request) => {
      const early = (request.event as Event).early;
      // A signed-in request always named its user first; without the read, something skipped it.
      if (!early) throw new Error(`${endpoint.path}: the session check started no early read`);
      return fn(request, (await early) as T);
    },
    {},
    authenticate,
    readEarly,
  );
}
