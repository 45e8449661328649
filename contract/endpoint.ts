import type * as z from 'zod/mini';

/**
 * What an endpoint of the API is, written once: the server validates requests with these schemas,
 * the OpenAPI document is generated from them, the route table deploys them and the typed client
 * (`contract/client.ts`) calls them. The objects themselves are in `contract/endpoints/`.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The body of an answer: a JSON schema, a CSV file, or nothing (204). */
export type Answer = z.core.$ZodType | 'csv' | 'pdf' | 'xml' | 'none';

/**
 * What an API token (`Authorization: Bearer`, CONTRACT §8 "API tokens") may do with an endpoint:
 * `read` — any token (a read-only request); `write` — only a `write` token (a `read` one gets 403
 * `API_TOKEN_READ_ONLY`); `none` — no token at all (403 `API_TOKEN_NOT_ALLOWED`: the account,
 * the tokens themselves, logging out, and every public route, which needs none).
 */
export type TokenScope = 'read' | 'write' | 'none';

export interface Endpoint {
  method: Method;
  /** API Gateway's `{param}` syntax, the specification's exact casing. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** Whether a signed-in caller is needed (`x-auth-token`); public endpoints need none. */
  auth: boolean;
  tokenScope: TokenScope;
  /**
   * The `{param}`s of the path, checked at the edge before the handler runs: an id that cannot
   * exist (`pathId` in `contract/fields.ts`) answers 404, as an unknown one does.
   */
  params?: z.core.$ZodType;
  query?: z.core.$ZodType;
  /**
   * A JSON body's schema, or `csv`: a CSV file sent as `text/csv`, which the handler reads as text,
   * or `file`: a file's bytes as sent (its `Content-Type` the file's type), up to 10 MB.
   */
  body?: z.core.$ZodType | 'csv' | 'file';
  /** Success answers by status. Every status an endpoint can answer is listed: the API tests fail on any other. */
  answers: Readonly<Record<number, Answer>>;
  /** Error statuses beyond those every endpoint may answer (400, 403, 413, 500; 401 when `auth`). */
  errors?: readonly number[];
  /** A page of a list: the `x-next-cursor` answer header holds the `cursor` of the next page. */
  paged?: boolean;
  /** `?format=csv` answers the same 200 as a CSV file (`text/csv`) instead of JSON. */
  csvFormat?: boolean;
  /**
   * A write's (every method but GET) reads whose answers it makes stale, by endpoint name: what a
   * client keeping answers (the app's cache) asks for again after the write. Groups are named in
   * `contract/stale.ts`; `contract/endpoints/index.ts` checks each name is a GET endpoint's.
   */
  invalidates?: readonly string[];
  /** Why a write whose `invalidates` is empty makes no kept answer stale (one line). */
  invalidatesNothing?: string;
}

/** A schema as an endpoint's definition may give it: built, or a function that builds it (`lazy`). */
export type Deferred<T> = T | (() => T);
type Built<T> = T extends () => infer B ? B : T;

/** The parts of an endpoint that hold schemas: what its definition may leave to be built on use. */
const REQUEST_PARTS = ['params', 'query', 'body'] as const;
type SchemaPart = (typeof REQUEST_PARTS)[number] | 'answers';

type StalePart = 'method' | 'invalidates' | 'invalidatesNothing';

/**
 * What a definition says it makes stale: a read (GET) nothing; a write names its reads
 * (`invalidates`), an empty list only with its reason (`invalidatesNothing`).
 */
type Staleness =
  | { method: 'GET'; invalidates?: never; invalidatesNothing?: never }
  | {
      method: Exclude<Method, 'GET'>;
      invalidates: readonly [string, ...string[]];
      invalidatesNothing?: never;
    }
  | { method: Exclude<Method, 'GET'>; invalidates: readonly []; invalidatesNothing: string };

/**
 * An endpoint as `contract/endpoints/` writes it: each schema may be a function that builds it,
 * and a write must say what it makes stale.
 */
export type EndpointDefinition = Omit<Endpoint, SchemaPart | StalePart> & {
  [K in keyof Pick<Endpoint, (typeof REQUEST_PARTS)[number]>]: Deferred<Endpoint[K]>;
} & { answers: Readonly<Record<number, Deferred<Answer>>> } & Staleness;

/** The endpoint a definition declares: every schema as the value it builds. */
export type Declared<D> = {
  [K in keyof D]: K extends 'answers'
    ? { [S in keyof D[K]]: Built<D[K][S]> }
    : K extends SchemaPart
      ? Built<D[K]>
      : D[K];
};

const built = (value: unknown) => (typeof value === 'function' ? value() : value);

/** `key` of `target` as a property that `build` makes on its first read and that is kept. */
function defineBuiltOnRead(target: object, key: string, build: () => unknown) {
  let kept: { value: unknown } | undefined;
  Object.defineProperty(target, key, {
    enumerable: true,
    get: () => {
      kept ??= { value: build() };
      return kept.value;
    },
  });
}

/**
 * Declares an endpoint, keeping its literal method, path and schemas for the types that follow it.
 * A schema given as a function (a `lazy` one of the contract's modules) is built on the first read
 * of its part and kept: a function's cold start builds no schema, its first request only those it
 * checks, and the answers' schemas are built only where they are read (the OpenAPI document, tests).
 * A write that names no `invalidates` does not typecheck.
 */
export function endpoint<const D extends EndpointDefinition>(definition: D): Declared<D> {
  const declared: Record<string, unknown> = { ...definition };
  for (const part of REQUEST_PARTS) {
    const value = definition[part];
    if (typeof value === 'function') defineBuiltOnRead(declared, part, value);
  }
  const answers = Object.entries(definition.answers);
  defineBuiltOnRead(declared, 'answers', () =>
    Object.fromEntries(answers.map(([status, answer]) => [status, built(answer)])),
  );
  return declared as Declared<D>;
}

/** What a request to `E` carries in its path, query and body, as a client writes them. */
export type EndpointInput<S> = S extends z.core.$ZodType ? z.input<S> : undefined;
/** What `E`'s schema hands the handler once parsed. */
export type EndpointOutput<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** The answer body of a status: parsed JSON, CSV text, or nothing. */
export type AnswerBody<A> = A extends z.core.$ZodType
  ? z.output<A>
  : A extends 'csv'
    ? string
    : A extends 'pdf' | 'xml'
      ? Blob
      : undefined;

/** What a successful call of `E` answers (any of its success statuses). */
export type SuccessBody<E extends Endpoint> = AnswerBody<E['answers'][keyof E['answers']]>;
