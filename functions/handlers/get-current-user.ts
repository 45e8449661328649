import * as accounts from '../../contract/endpoints/accounts';
import { showUser } from '../domain/identity/user-view';
import { route } from '../http';

/** GET /api/auth — the signed-in user, without secrets, and the free plan's limits. */
export const handler = route(accounts.getCurrentUser, async ({ user }) => showUser(user));
