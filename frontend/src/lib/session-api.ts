import type { LoginBody, LogoutBody, RegisterBody } from '@contract/accounts';
import { client } from './api-client';

/**
 * The session's own calls to the API: signing in (password, demo, sign-up), loading the signed-in
 * user, and ending sessions. The state around them lives in `use-session.ts`.
 */

/** SWR key of the signed-in user. */
export const USER_KEY = client.url('getCurrentUser');

/** GET /api/auth: the user of the stored token. */
export const loadUser = () => client.call('getCurrentUser');

/** POST /api/auth: a session for an email and password. */
export const requestLogin = (body: LoginBody) => client.call('login', { body });

/** POST /api/auth/demo: a session on the shared demo account. */
export const requestDemoLogin = () => client.call('loginDemo');

/** POST /api/users: a new account, signed in. */
export const requestSignup = (body: RegisterBody) => client.call('registerUser', { body });

/** POST /api/auth/logout with the token being ended: this session, or with `everywhere` every one. */
export const requestLogout = (token: string, body?: LogoutBody) =>
  client.call('logout', body ? { body } : {}, { token });
