import { authenticate } from '../domain/sessions';
import { type RouteHandler, routeOf } from '../routes';
import { chainedRoute, type RouteFn, type RouteOptions, type Schema } from './http-chain';

/**
 * The request edge of the functions: `route` wraps a handler in the shared middleware chain
 * (`./http-chain`), checking the session token of a signed-in route. Public routes may use
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
 * Wraps a handler function in the shared middleware chain (`chainedRoute`); on a signed-in route
 * (its entry in `functions/routes.ts` says `auth`) a request without a valid `x-auth-token` is
 * refused with 401 before its body is read.
 */
export function route<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  H extends RouteHandler = RouteHandler,
>(options: RouteOptions<B, Q, P, H>, fn: RouteFn<B, Q, P, H>) {
  return chainedRoute(options, fn, routeOf(options.handler).auth ? authenticate : undefined);
}
