import type { RegisterBody } from '@contract/accounts';
import type { User } from '@contract/responses';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { emailLanguage, getT, LANGUAGE_KEY } from '../i18n';
import { ApiError, getToken, setToken } from './api';
import { fetcher } from './api-client';
import { errorMessage } from './error-text';
import {
  loadUser,
  requestDemoLogin,
  requestLogin,
  requestLogout,
  requestSignup,
  USER_KEY,
} from './session-api';
import { DARK_MODE_KEY } from './theme';

/** What the sign-up form gives; the language is the app's, added on sending. */
export type RegisterInput = Omit<RegisterBody, 'language'>;

/**
 * localStorage keys that belong to the device rather than to an account, kept on logout: the theme
 * and the language last used (so the login page after a logout stays in it, issue 34 item 11).
 * Every other key (the token, the running timer `timeledger.timer`, the remembered path, and
 * whatever a feature stores later) is the account's and goes.
 */
const DEVICE_KEYS: ReadonlySet<string> = new Set([DARK_MODE_KEY, LANGUAGE_KEY]);

/** Removes everything of the signed-in account from the browser's storage. */
export function clearAccountStorage(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key !== null && !DEVICE_KEYS.has(key)) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch {
    // Storage blocked: nothing was kept in it either.
  }
}

/** The session's token, in localStorage (`token`) and in React state together. */
export function useStoredToken() {
  const [token, setTokenState] = useState<string | null>(() => getToken());
  const keepToken = useCallback((next: string | null) => {
    setToken(next);
    setTokenState(next);
  }, []);
  return { token, keepToken };
}

/** The user of a token, loaded through SWR; a refused token (401, 404) ends the session. */
export function useSessionUser(token: string | null, keepToken: (token: string | null) => void) {
  const {
    data: user,
    error: loadError,
    mutate: mutateUser,
  } = useSWR<User>(token ? USER_KEY : null, fetcher, {
    // A refusal (4xx) is final; a network failure or a 5xx is tried again a few times.
    onErrorRetry: (err, _key, _config, revalidate, { retryCount }) => {
      if (err instanceof ApiError && err.status < 500) return;
      if (retryCount > 3) return;
      setTimeout(() => revalidate({ retryCount }), 500 * 2 ** retryCount);
    },
  });
  const refused = loadError instanceof ApiError && (loadError.status === 401 || loadError.status === 404);

  // A refused token means the session is over (expired, password reset, account deleted).
  useEffect(() => {
    if (refused) keepToken(null);
  }, [refused, keepToken]);

  const refreshUser = useCallback(() => mutateUser(), [mutateUser]);
  const sessionError = token !== null && !user && loadError && !refused ? errorMessage(loadError) : null;
  return { user, loadError, sessionError, refreshUser };
}

/**
 * What a login attempt came to: signed in, refused (`error` says why), or the password was right
 * and the account has two-factor sign-in on, so the code is needed next.
 */
export type LoginOutcome = 'signed-in' | 'failed' | 'code-required';

/** Login, demo login and sign-up: each starts a session or leaves `error` worded for a person. */
export function useSignIn(keepToken: (token: string | null) => void) {
  const { mutate } = useSWRConfig();
  const [error, setError] = useState<string | null>(null);

  const startSession = useCallback(
    async (newToken: string) => {
      setToken(newToken);
      // Load the user before the session counts as started, so callers can navigate straight away.
      const loaded = await loadUser();
      // A new session (e.g. signing up from the demo) must not show the previous account's data.
      await mutate(() => true, undefined, { revalidate: false });
      await mutate(USER_KEY, loaded, { revalidate: false });
      keepToken(newToken);
      setError(null);
    },
    [mutate, keepToken],
  );

  /** Runs one way of signing in; on failure words the error and, if asked, forgets the token. */
  const attempt = useCallback(
    async (
      request: () => Promise<{ token: string }>,
      failure: (e: unknown) => string | null,
      dropToken: boolean,
    ) => {
      try {
        await startSession((await request()).token);
        return true;
      } catch (e) {
        if (dropToken) keepToken(null);
        setError(failure(e));
        return false;
      }
    },
    [startSession, keepToken],
  );

  const login = useCallback(
    async (email: string, password: string, code?: string): Promise<LoginOutcome> => {
      let codeRequired = false;
      const ok = await attempt(
        () => requestLogin({ email, password, ...(code === undefined ? {} : { code }) }),
        (e) => {
          // The password was right: the form now asks for the second factor (no error to show).
          if (e instanceof ApiError && e.code === 'TWO_FACTOR_REQUIRED') {
            codeRequired = true;
            return null;
          }
          // A wrong code, or too many sign-ins at once (503, try again shortly): their own words.
          if (e instanceof ApiError && (e.code === 'TWO_FACTOR_INVALID' || e.code === 'SIGN_IN_BUSY'))
            return errorMessage(e);
          return getT()('auth.loginFailed');
        },
        true,
      );
      return ok ? 'signed-in' : codeRequired ? 'code-required' : 'failed';
    },
    [attempt],
  );
  const loginDemo = useCallback(
    () =>
      attempt(
        requestDemoLogin,
        (e) => (e instanceof ApiError ? errorMessage(e) : getT()('auth.loginFailed')),
        false,
      ),
    [attempt],
  );
  const register = useCallback(
    // The language the person sees now is the one their confirmation email is written in.
    (input: RegisterInput) =>
      attempt(() => requestSignup({ ...input, language: emailLanguage() }), errorMessage, true),
    [attempt],
  );
  const clearError = useCallback(() => setError(null), []);
  return { error, login, loginDemo, register, clearError };
}

/** Logging out here, or everywhere; both end the session on the server as well as in the browser. */
export function useSignOut(keepToken: (token: string | null) => void, clearError: () => void) {
  const { mutate } = useSWRConfig();
  // The token a logout everywhere has already ended on the server: the local logout that follows
  // need not send it again (it would only be refused).
  const endedOnServer = useRef<string | null>(null);

  const logoutEverywhere = useCallback(async () => {
    const token = getToken();
    if (!token) return;
    await requestLogout(token, { everywhere: true });
    endedOnServer.current = token;
  }, []);

  const logout = useCallback(async () => {
    const ending = getToken();
    keepToken(null);
    clearError();
    clearAccountStorage();
    // Drop every cached response so the next person on this browser sees none of this user's data.
    await mutate(() => true, undefined, { revalidate: false });
    if (ending && ending !== endedOnServer.current) {
      try {
        await requestLogout(ending);
      } catch {
        // Offline or already refused: the browser holds nothing of the session any more, and the
        // token expires on its own.
      }
    }
  }, [mutate, keepToken, clearError]);

  return { logout, logoutEverywhere };
}

/**
 * Any data call refused with 401 (token expired, password reset elsewhere, account deleted) ends
 * the session: the signed-in gate then sends the person to the start page.
 */
export function useEndSessionOn401(keepToken: (token: string | null) => void) {
  return useMemo(
    () => ({
      onError: (err: unknown) => {
        if (err instanceof ApiError && err.status === 401 && getToken()) keepToken(null);
      },
    }),
    [keepToken],
  );
}
