import { tokenPath } from '../../contract/accounts';
import { confirmEmail } from '../domain/accounts';
import { route } from '../lib/http';

/** GET /api/confirmemail/{token} → the user, with `emailConfirmed` true; 400 for an unknown, used or expired link. */
export const handler = route({ handler: 'confirm-email', path: tokenPath }, async ({ path }) =>
  confirmEmail(path.token),
);
