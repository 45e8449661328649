import type { Endpoint } from '../../contract/endpoint';
import { authenticate } from '../domain/identity/sessions';
import { chainedRoute } from './chain';
import type { RouteFn, RouteOptions } from './request';

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
