import type { LoginBody, LogoutBody, RegisterBody } from '@contract/accounts';
import type { User } from '@contract/responses';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import useSWR, { SWRConfig, useSWRConfig } from 'swr';
import { emailLanguage, getT } from '../i18n';
import { errorMessage } from '../i18n/errors';
import { ApiError, api, fetcher, getToken, setToken } from './api';
import { DARK_MODE_KEY } from './theme';

export type { User };

/** What the sign-up form gives; the language is the app's, added on sending. */
export type RegisterInput = Omit<RegisterBody, 'language'>;

export interface AuthState {
  token: string | null;
  /** True once the stored token has been accepted and the user loaded. */
  isAuthenticated: boolean;
  user: User | null;
  /** True while a stored token waits for its user. */
  loading: boolean;
  /** The last login or registration error, worded for a person. */
  error: string | null;
  /**
   * Set while a stored token's user cannot be loaded for another reason than a refusal (network
   * down, server error): the session is kept and the screens offer to try again.
   */
  sessionError: string | null;
  /** Resolves true when signed in; on failure sets `error` and removes the stored token. */
  login: (email: string, password: string) => Promise<boolean>;
  /** Signs in to the shared demo account. */
  loginDemo: () => Promise<boolean>;
  /** Resolves true when registered and signed in; on failure `error` holds the server's message. */
  register: (input: RegisterInput) => Promise<boolean>;
  /**
   * Ends this session on the server (`POST /api/auth/logout`, best effort) and removes everything of
   * the account from this browser.
   */
  logout: () => Promise<void>;
  /**
   * Ends every session of the account on the server (`{"everywhere": true}`); rejects, keeping this
   * session, when the server could not be told. The caller then goes to /loggedout, which clears
   * the browser.
   */
  logoutEverywhere: () => Promise<void>;
  /** Swaps the session's token for a new one (after a password change) without leaving the page. */
  replaceToken: (token: string) => void;
  refreshUser: () => Promise<User | undefined>;
  clearError: () => void;
}

/** SWR key of the signed-in user. */
export const USER_KEY = '/api/auth';
const LOGOUT_PATH = '/api/auth/logout';

const AuthContext = createContext<AuthState | null>(null);

/**
 * localStorage keys that belong to the device rather than to an account, kept on logout. Every
 * other key (the token, the running timer `timeledger.timer`, the remembered path, and whatever a
 * feature stores later) is the account's and goes.
 */
const DEVICE_KEYS: ReadonlySet<string> = new Set([DARK_MODE_KEY]);

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

/**
 * Holds the session: the token (localStorage `token`), the user loaded from GET /api/auth through
 * SWR, and the actions that change them.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { mutate } = useSWRConfig();
  const [token, setTokenState] = useState<string | null>(() => getToken());
  const [error, setError] = useState<string | null>(null);

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
    if (refused) {
      setToken(null);
      setTokenState(null);
    }
  }, [refused]);

  const startSession = useCallback(
    async (newToken: string) => {
      setToken(newToken);
      // Load the user before the session counts as started, so callers can navigate straight away.
      const loaded = await api<User>('GET', USER_KEY);
      // A new session (e.g. signing up from the demo) must not show the previous account's data.
      await mutate(() => true, undefined, { revalidate: false });
      await mutate(USER_KEY, loaded, { revalidate: false });
      setTokenState(newToken);
      setError(null);
    },
    [mutate],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        const res = await api<{ token: string }>('POST', '/api/auth', {
          email,
          password,
        } satisfies LoginBody);
        await startSession(res.token);
        return true;
      } catch {
        setToken(null);
        setTokenState(null);
        setError(getT()('auth.loginFailed'));
        return false;
      }
    },
    [startSession],
  );

  const loginDemo = useCallback(async () => {
    try {
      const res = await api<{ token: string }>('POST', '/api/auth/demo');
      await startSession(res.token);
      return true;
    } catch (e) {
      setError(e instanceof ApiError ? errorMessage(e) : getT()('auth.loginFailed'));
      return false;
    }
  }, [startSession]);

  const register = useCallback(
    async (input: RegisterInput) => {
      try {
        // The language the person sees now is the one their confirmation email is written in.
        const res = await api<{ token: string }>('POST', '/api/users', {
          ...input,
          language: emailLanguage(),
        } satisfies RegisterBody);
        await startSession(res.token);
        return true;
      } catch (e) {
        setToken(null);
        setTokenState(null);
        setError(errorMessage(e));
        return false;
      }
    },
    [startSession],
  );

  // The token a logout everywhere has already ended on the server: the local logout that follows
  // need not send it again (it would only be refused).
  const endedOnServer = useRef<string | null>(null);

  const logoutEverywhere = useCallback(async () => {
    const token = getToken();
    if (!token) return;
    await api('POST', LOGOUT_PATH, { everywhere: true } satisfies LogoutBody, { token });
    endedOnServer.current = token;
  }, []);

  const logout = useCallback(async () => {
    const ending = getToken();
    setToken(null);
    setTokenState(null);
    setError(null);
    clearAccountStorage();
    // Drop every cached response so the next person on this browser sees none of this user's data.
    await mutate(() => true, undefined, { revalidate: false });
    if (ending && ending !== endedOnServer.current) {
      try {
        await api('POST', LOGOUT_PATH, undefined, { token: ending });
      } catch {
        // Offline or already refused: the browser holds nothing of the session any more, and the
        // token expires on its own.
      }
    }
  }, [mutate]);

  const replaceToken = useCallback((next: string) => {
    setToken(next);
    setTokenState(next);
  }, []);

  const refreshUser = useCallback(() => mutateUser(), [mutateUser]);

  // Any data call refused with 401 (token expired, password reset elsewhere, account deleted)
  // ends the session: the signed-in gate then sends the person to the start page.
  const swrConfig = useMemo(
    () => ({
      onError: (err: unknown) => {
        if (err instanceof ApiError && err.status === 401 && getToken()) {
          setToken(null);
          setTokenState(null);
        }
      },
    }),
    [],
  );
  const clearError = useCallback(() => setError(null), []);

  const value = useMemo<AuthState>(() => {
    const currentUser = token && user ? user : null;
    return {
      token,
      isAuthenticated: currentUser !== null,
      user: currentUser,
      loading: token !== null && !user && !loadError,
      error,
      sessionError: token !== null && !user && loadError && !refused ? errorMessage(loadError) : null,
      login,
      loginDemo,
      register,
      logout,
      logoutEverywhere,
      replaceToken,
      refreshUser,
      clearError,
    };
  }, [
    token,
    user,
    loadError,
    refused,
    error,
    login,
    loginDemo,
    register,
    logout,
    logoutEverywhere,
    replaceToken,
    refreshUser,
    clearError,
  ]);

  return (
    <AuthContext.Provider value={value}>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
    </AuthContext.Provider>
  );
}

/** The session; only inside <AuthProvider>. */
export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
