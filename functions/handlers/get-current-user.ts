import { toPublicUser } from '../data/users';
import { route } from '../lib/http';

/** GET /api/auth — the signed-in user, without secrets. */
export const handler = route({ auth: true }, async ({ user }) => toPublicUser(user));
