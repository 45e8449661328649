import { showUser } from '../domain/user-view';
import { route } from '../lib/http';

/** GET /api/auth — the signed-in user, without secrets, and the free plan's limits. */
export const handler = route({ handler: 'get-current-user' }, async ({ user }) => showUser(user));
