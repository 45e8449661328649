import { tokenPath } from '../../contract/accounts';
import { confirmEmail } from '../domain/accounts';
import { route } from '../lib/http';

/** GET /api/confirmemail/{token} → the user, with `emailConfirmed` true; 400 for an unknown, used or expired link. */
export const handler = route({ auth: false, path: tokenPath }, async ({ path }) => confirmEmail(path.token));
