import type { Endpoint } from '../../contract/endpoint';
import { authenticate } from '../domain/sessions';
import { chainedRoute, type RouteFn, type RouteOptions } from './http-chain';

/**
 * The request edge of the functions: `route` wraps a handler in the shared middleware chain
 * (`./http-chain`), checking the session token of a signed-in endpoint. Public endpoints may use
 * `publicRoute` from `./http-chain` instead, which leaves the token code out of their bundle.
 */
export {
  type AuditFields,
  illFormedPath,
  jsonDepthExceeds,
  MAX_BODY_BYTES,
  MAX_BODY_DEPTH,
  type Request,
  type Response,
  type RouteOptions,
  respond,
  respondText,
} from './http-chain';

/**
 * Wraps the handler function of an endpoint (`contract/endpoints/`) in the shared middleware chain
 * (`chainedRoute`); on a signed-in endpoint a request without a valid `x-auth-token` is refused
 * with 401 before its body is read.
 */
export function route<E extends Endpoint>(endpoint: E, fn: RouteFn<E>, options: RouteOptions = {}) {
  return chainedRoute(endpoint, fn, options, endpoint.auth ? authenticate : undefined);
}
