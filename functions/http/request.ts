import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { Endpoint, EndpointOutput } from '../../contract/endpoint';
import type { SignedIn } from '../domain/identity/sessions';
import type { SecurityEvent } from '../lib/security-log';

/**
 * What a handler function receives: the parsed, validated request and, on a signed-in route
 * (`Auth` true), the user and session. A public route's handler has neither, and its type says so.
 */
export type Request<Body, Query, Path, Auth extends boolean = boolean> = RequestBase<Body, Query, Path> &
  (Auth extends true ? SignedIn : { user?: undefined; session?: undefined });

interface RequestBase<Body, Query, Path> {
  body: Body;
  query: Query;
  path: Path;
  /** The caller's address, for rate limiting. */
  sourceIp: string;
  headers: Record<string, string | undefined>;
  event: APIGatewayProxyEventV2;
  /** Milliseconds left before Lambda stops the function (long writes stop early and say so). */
  remainingTimeMs: () => number;
  /**
   * Adds to the route's security log line what only the handler knows: the account a public route
   * acted on (login, signup), or how far a logout reached.
   */
  audit: (fields: AuditFields) => void;
}

/** What a handler may add to its route's security log line (never a secret). */
export interface AuditFields {
  userId?: string;
  everywhere?: boolean;
}

export type Schema = z.core.$ZodType;

/** A file as a `file` endpoint's handler receives it (`body.ts`): its bytes and the type it was sent as. */
export interface UploadedFile {
  /** The `Content-Type`'s media type, lower case, without parameters ('' when none was sent). */
  contentType: string;
  bytes: Uint8Array;
}
export type Infer<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/**
 * What the handler of `E` receives: its body (CSV text for a `csv` body, the bytes and type of a
 * `file` one), query and path, parsed.
 */
export type RequestOf<E extends Endpoint> = Request<
  E['body'] extends 'csv' ? string : E['body'] extends 'file' ? UploadedFile : EndpointOutput<E['body']>,
  EndpointOutput<E['query']>,
  EndpointOutput<E['params']>,
  E['auth']
>;

/** A route's handler function: the validated request in, the answer out. */
export type RouteFn<E extends Endpoint> = (request: RequestOf<E>) => Promise<unknown>;

export interface RouteOptions {
  /**
   * The security event this route is (login, password change, …): its success and its failure
   * each write one security log line. Refusals (401, 403, 429) of every route are logged anyway.
   */
  security?: SecurityEvent;
}

/** The Lambda event as the middlewares hand it on: who is asking, and what the handler audited. */
export type Event = APIGatewayProxyEventV2 & {
  auth?: SignedIn;
  audit?: AuditFields;
  /** The read a `routeReadingEarly` route started beside the session check. */
  early?: Promise<unknown>;
};
