import type { User } from '@contract/responses';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { SWRConfig } from 'swr';
import {
  type LoginOutcome,
  type RegisterInput,
  useEndSessionOn401,
  useSessionUser,
  useSignIn,
  useSignOut,
  useStoredToken,
} from './use-session';

export type { User };

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
  /**
   * Signs in with email, password and — for an account with two-factor sign-in — the code; on
   * failure sets `error` and removes the stored token.
   */
  login: (email: string, password: string, code?: string) => Promise<LoginOutcome>;
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

export { USER_KEY } from './session-api';
export { clearAccountStorage, type LoginOutcome, type RegisterInput } from './use-session';

const AuthContext = createContext<AuthState | null>(null);

/**
 * Holds the session: the token (localStorage `token`), the user loaded from GET /api/auth through
 * SWR, and the actions that change them (`use-session.ts`; the calls are in `session-api.ts`).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { token, keepToken } = useStoredToken();
  const { user, loadError, sessionError, refreshUser } = useSessionUser(token, keepToken);
  const { error, login, loginDemo, register, clearError } = useSignIn(keepToken);
  const { logout, logoutEverywhere } = useSignOut(keepToken, clearError);
  const swrConfig = useEndSessionOn401(keepToken);

  const value = useMemo<AuthState>(() => {
    const currentUser = token && user ? user : null;
    return {
      token,
      isAuthenticated: currentUser !== null,
      user: currentUser,
      loading: token !== null && !user && !loadError,
      error,
      sessionError,
      login,
      loginDemo,
      register,
      logout,
      logoutEverywhere,
      replaceToken: keepToken,
      refreshUser,
      clearError,
    };
  }, [
    token,
    user,
    loadError,
    sessionError,
    error,
    login,
    loginDemo,
    register,
    logout,
    logoutEverywhere,
    keepToken,
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

/**
 * The signed-in user's number format and currency, or nothing when signed out or outside
 * <AuthProvider> (a shared field rendered on its own): what formats and reads numbers needs.
 */
export function useFormatPrefs(): { numberFormat?: string; currency?: string } {
  const user = useContext(AuthContext)?.user;
  return user ? { numberFormat: user.numberFormat, currency: user.currency } : {};
}
