import type * as z from 'zod/mini';
import type { Endpoint, SuccessBody } from './endpoint';
import type { EndpointName, Endpoints, ReadName, WriteName } from './endpoints';

/**
 * The one typed client of the API, for the SPA and the embed: an endpoint is called by its name in
 * `contract/endpoints/`, with its path parameters, query and body typed from the endpoint's schemas
 * and its answer typed from its success answers. Only types are imported from the endpoints, so a
 * bundle carries no schema: the method and path of each name come in as `addresses`, which the
 * build makes from the same objects (`addressesOf`).
 */

/** `METHOD /path` of every endpoint, by name. */
export type ApiAddresses = {
  readonly [N in EndpointName]: `${Endpoints[N]['method']} ${Endpoints[N]['path']}`;
};

/** The addresses of a set of endpoints (run at build time, where the schemas may be loaded). */
export const addressesOf = (endpoints: Record<string, Endpoint>): Record<string, string> =>
  Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, `${e.method} ${e.path}`]));

/** The reads each write makes stale, by name (`invalidates` of the endpoints in `contract/endpoints/`). */
export type ApiInvalidations = { readonly [N in WriteName]: readonly ReadName[] };

/** Each write's `invalidates` (run at build time, like `addressesOf`): names only, no schema. */
export const invalidationsOf = (endpoints: Record<string, Endpoint>): Record<string, readonly string[]> =>
  Object.fromEntries(
    Object.entries(endpoints)
      .filter(([, e]) => e.method !== 'GET')
      .map(([name, e]) => [name, e.invalidates ?? []]),
  );

/** One error of the contract's body; `values` fill the code's message (`contract/error-codes.ts`). */
export interface ApiErrorItem {
  msg: string;
  code?: string;
  param?: string;
  values?: Record<string, string | number>;
}

/** A refused call: the status and the contract's `errors`; its message is the first `msg`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
  ) {
    super(errors[0]?.msg ?? `Request failed (${status})`);
    this.name = 'ApiError';
  }
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

type In<S> = S extends z.core.$ZodType ? z.input<S> : never;
/** A query as a client writes it: numbers and booleans become text in the URL. */
type QueryIn<Q> = { [K in keyof Q]?: Q[K] | number | boolean | null };

/** What a call of `E` takes: `path` (the `{param}`s), `query` and `body`, each only where `E` has one. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.core.$ZodType
  ? { path: In<E['params']> }
  : { path?: never }) &
  (E['query'] extends z.core.$ZodType ? { query?: QueryIn<In<E['query']>> } : { query?: never }) &
  (E['body'] extends 'csv'
    ? { body: string }
    : E['body'] extends 'file'
      ? // A file (a `File` from an input): sent as its bytes, with its own type as `Content-Type`.
        { body: Blob }
      : E['body'] extends z.core.$ZodType
        ? // A body whose every field may be left out may itself be left out (the edge reads none as `{}`).
          Record<string, never> extends In<E['body']>
          ? { body?: In<E['body']> }
          : { body: In<E['body']> }
        : { body?: never });

/** A call's arguments: the input may be left out when none of its parts is required. */
type Args<N extends EndpointName> =
  object extends CallInput<Endpoints[N]>
    ? [input?: CallInput<Endpoints[N]>, options?: CallOptions]
    : [input: CallInput<Endpoints[N]>, options?: CallOptions];

/** The answer of a successful call of `N`. */
export type Answer<N extends EndpointName> = SuccessBody<Endpoints[N]>;
/** The query of `N` as a client writes it. */
export type QueryOf<N extends EndpointName> = NonNullable<CallInput<Endpoints[N]>['query']>;
/** The endpoints that answer a page of a list (the `x-next-cursor` header). */
export type PagedName = {
  [N in EndpointName]: Endpoints[N] extends { paged: true } ? N : never;
}[EndpointName];

/** One page of a paged list and the `cursor` of the next one (from `x-next-cursor`), if more follow. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface CallOptions {
  /** Send this session token instead of the client's own (a logout sends the token it is ending). */
  token?: string;
  signal?: AbortSignal;
}

export interface ClientOptions {
  /** Where the API is: '' for the app's own origin, the app's origin for the embed. */
  baseUrl?: string;
  /** The session token to send as `x-auth-token`, if any. */
  token?: () => string | null;
  fetch?: typeof fetch;
  /** Passed to every `fetch` (the embed sends no cookies: `credentials: 'omit'`). */
  init?: RequestInit;
}

export type ApiClient = ReturnType<typeof createApiClient>;

type AnyInput = { path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };

/** The URL of a call: `{param}`s filled in (percent-encoded), the query's set values appended. */
export function callUrl(address: string, input: AnyInput = {}, baseUrl = ''): string {
  const path = address.slice(address.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input.path?.[name];
    if (value === undefined) throw new Error(`${address}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  // Sorted by name, so equal queries make one URL (one SWR cache entry) however they were written.
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

/** A path template as a pattern: its literal parts escaped, each `{param}` one segment, captured. */
function pathPattern(address: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const parts = address
    .slice(address.indexOf(' ') + 1)
    .split(/\{(\w+)\}/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '([^/?]+)';
    });
  return { pattern: new RegExp(`^${parts.join('')}(?:\\?|$)`), names };
}

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The patterns made so far, by address (a cache is matched against many keys at each write). */
const PATTERNS = new Map<string, ReturnType<typeof pathPattern>>();

/** The decoded `{param}`s of a URL's path (any query) if it is one of `address`, else `undefined`. */
export function pathParams(address: string, url: string): Record<string, string> | undefined {
  const made = PATTERNS.get(address) ?? pathPattern(address);
  PATTERNS.set(address, made);
  const match = made.pattern.exec(url);
  return match ? Object.fromEntries(made.names.map((n, i) => [n, decoded(match[i + 1] ?? '')])) : undefined;
}

/** The contract's error body of a refused answer (or the status text when it has none). */
function refusal(status: number, statusText: string, data: unknown): ApiError {
  const errors = (data as { errors?: ApiErrorItem[] } | undefined)?.errors;
  return new ApiError(
    status,
    errors?.length ? errors : [{ msg: statusText || `Request failed (${status})` }],
  );
}

/** An answer's JSON body; a refused answer becomes an `ApiError`. */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // Not JSON (a proxy's HTML error page): keep the status, never show a parser message.
    if (res.ok) throw new ApiError(res.status, [{ msg: 'The server sent an answer that could not be read' }]);
    data = undefined;
  }
  if (!res.ok) throw refusal(res.status, res.statusText, data);
  return data;
}

/**
 * A call's body as sent, with its `Content-Type`: a file (a `Blob`) as its bytes and own type, CSV
 * text as `text/csv`, anything else as JSON.
 */
function requestBody(input: unknown): { type: string; content: string | Blob } | undefined {
  if (typeof Blob !== 'undefined' && input instanceof Blob) {
    return { type: input.type || 'application/octet-stream', content: input };
  }
  if (input === undefined) return undefined;
  return typeof input === 'string'
    ? { type: 'text/csv', content: input }
    : { type: 'application/json', content: JSON.stringify(input) };
}

/** A client of the API at `options.baseUrl`, calling each endpoint by its name (see `ApiAddresses`). */
export function createApiClient(addresses: ApiAddresses, options: ClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const address = (name: EndpointName): string => {
    const found = addresses[name];
    if (!found) throw new Error(`No endpoint named ${name}`);
    return found;
  };

  /** Sends a call and answers the raw response; a refused one becomes an `ApiError`. */
  function send(name: EndpointName, input: AnyInput = {}, call: CallOptions = {}): Promise<Response> {
    const to = address(name);
    return sendTo(to.slice(0, to.indexOf(' ')), callUrl(to, input, baseUrl), input.body, call);
  }

  /** Sends a request to a URL of the API with the session token and the body as its type says. */
  async function sendTo(
    method: string,
    url: string,
    inputBody: unknown,
    call: CallOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = call.token ?? options.token?.() ?? null;
    if (token) headers['x-auth-token'] = token;
    const body = requestBody(inputBody);
    if (body) headers['content-type'] = body.type;
    const doFetch = options.fetch ?? fetch;
    return doFetch(url, {
      ...options.init,
      method,
      headers,
      ...(body ? { body: body.content } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
    });
  }

  return {
    /** Calls `name` and answers its JSON body (undefined for 204). */
    async call<N extends EndpointName>(name: N, ...[input, call]: Args<N>): Promise<Answer<N>> {
      return (await readJson(await send(name, input as AnyInput, call))) as Answer<N>;
    },
    /** Calls a paged list and answers the page with the `cursor` of the next, if more follow. */
    async page<N extends PagedName>(
      name: N,
      ...[input, call]: Args<N>
    ): Promise<ListPage<Answer<N> extends (infer T)[] ? T : never>> {
      const res = await send(name, input as AnyInput, call);
      const items = (await readJson(res)) as (Answer<N> extends (infer T)[] ? T : never)[] | undefined;
      return { items: items ?? [], nextCursor: res.headers.get('x-next-cursor') };
    },
    /** Calls `name` and answers the response itself (a CSV file); a refused one is an `ApiError`. */
    async response<N extends EndpointName>(name: N, ...[input, call]: Args<N>): Promise<Response> {
      const res = await send(name, input as AnyInput, call);
      if (!res.ok) throw refusal(res.status, res.statusText, await res.json().catch(() => undefined));
      return res;
    },
    /**
     * GET of a URL made by `url` (an SWR key, read back by the cache's fetcher), answering its JSON
     * body; with `paged`, the page and the `cursor` of the next.
     */
    async get<T>(url: string): Promise<T> {
      return (await readJson(await sendTo('GET', url, undefined, {}))) as T;
    },
    async getPage<T>(url: string): Promise<ListPage<T>> {
      const res = await sendTo('GET', url, undefined, {});
      return {
        items: ((await readJson(res)) as T[] | undefined) ?? [],
        nextCursor: res.headers.get('x-next-cursor'),
      };
    },
    /** The URL a call of `name` goes to (an SWR key, a download link). */
    url<N extends EndpointName>(name: N, ...[input]: Args<N>): string {
      return callUrl(address(name), input as AnyInput, baseUrl);
    },
    /** The decoded `{param}`s of a URL made for `name` (a cache key's endpoint), else `undefined`. */
    paramsOf(name: EndpointName, url: string): Record<string, string> | undefined {
      return url.startsWith(baseUrl) ? pathParams(address(name), url.slice(baseUrl.length)) : undefined;
    },
  };
}
