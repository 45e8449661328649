import type { LoginBody, LogoutBody, RegisterBody } from '@contract/accounts';
import type { User } from '@contract/responses';
import { api } from './api';

/**
 * The session's own calls to the API: signing in (password, demo, sign-up), loading the signed-in
 * user, and ending sessions. The state around them lives in `use-session.ts`.
 */

/** SWR key of the signed-in user. */
export const USER_KEY = '/api/auth';
const LOGOUT_PATH = '/api/auth/logout';

type TokenAnswer = { token: string };

/** GET /api/auth: the user of the stored token. */
export const loadUser = (): Promise<User> => api<User>('GET', USER_KEY);

/** POST /api/auth: a session for an email and password. */
export const requestLogin = (body: LoginBody): Promise<TokenAnswer> =>
  api<TokenAnswer>('POST', '/api/auth', body);

/** POST /api/auth/demo: a session on the shared demo account. */
export const requestDemoLogin = (): Promise<TokenAnswer> => api<TokenAnswer>('POST', '/api/auth/demo');

/** POST /api/users: a new account, signed in. */
export const requestSignup = (body: RegisterBody): Promise<TokenAnswer> =>
  api<TokenAnswer>('POST', '/api/users', body);

/** POST /api/auth/logout with the token being ended: this session, or with `everywhere` every one. */
export const requestLogout = (token: string, body?: LogoutBody): Promise<unknown> =>
  api('POST', LOGOUT_PATH, body, { token });
