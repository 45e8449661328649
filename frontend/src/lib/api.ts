/**
 * The session token this browser holds (localStorage `token`), which the typed client
 * (`./api-client.ts`) sends as `x-auth-token`, and the client's `ApiError`.
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
