import { ApiError, type ApiErrorItem, type ListPage, readJson } from '@contract/client';

/**
 * The SPA's fetch layer by path, for the features not yet on the typed client (`./api-client.ts`,
 * which new code uses): JSON in and out, the session token as `x-auth-token`, and the contract's
 * error body turned into the same `ApiError` the client throws.
 */
export const TOKEN_KEY = 'token';

export { ApiError, type ApiErrorItem, type ListPage } from '@contract/client';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export interface ApiOptions {
  /** Send this token instead of the stored one (a logout sends the token it is ending). */
  token?: string;
}

export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  options: ApiOptions = {},
): Promise<T> {
  return (await apiWithHeaders<T>(method, path, body, options)).data;
}

/** GET of a paged list endpoint. */
export async function apiPage<T>(path: string): Promise<ListPage<T>> {
  const { data, headers } = await apiWithHeaders<T[]>('GET', path);
  return { items: data ?? [], nextCursor: headers.get('x-next-cursor') };
}

async function apiWithHeaders<T>(
  method: string,
  path: string,
  body?: unknown,
  options: ApiOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token ?? getToken();
  if (token) headers['x-auth-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { data: (await readJson(res)) as T, headers: res.headers };
}

/** The SWR fetcher: keys are API paths. */
export const fetcher = <T>(path: string) => api<T>('GET', path);

/**
 * A request whose answer is not read as JSON here (CSV downloads, pages with headers): the token
 * goes out as in {@link api}, and a refused answer becomes the same `ApiError`.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('x-auth-token', token);
  const res = await fetch(path, { ...init, headers });
  if (!res.ok) {
    let errors: ApiErrorItem[] = [{ msg: res.statusText || `Request failed (${res.status})` }];
    try {
      const data = (await res.json()) as { errors?: ApiErrorItem[] };
      if (data?.errors?.length) errors = data.errors;
    } catch {
      // Not the contract's error body: keep the status text.
    }
    throw new ApiError(res.status, errors);
  }
  return res;
}
