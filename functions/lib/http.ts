import type * as z from 'zod/mini';
import { authenticate } from '../domain/sessions';
import { type RouteHandler, type RouteOf, routeOf } from '../routes';
import { chainedRoute, type Request, type RouteOptions } from './http-chain';

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

type Schema = z.core.$ZodType;
type Infer<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

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
>(
  options: RouteOptions<B, Q, P, H>,
  fn: (request: Request<Infer<B>, Infer<Q>, Infer<P>, RouteOf<H>['auth']>) => Promise<unknown>,
) {
  return chainedRoute(options, fn, routeOf(options.handler).auth ? authenticate : undefined);
}
