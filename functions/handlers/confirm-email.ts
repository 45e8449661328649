import { tokenPath } from '../../contract/accounts';
import { confirmEmail } from '../domain/accounts';
import { publicRoute } from '../lib/http-chain';

/** GET /api/confirmemail/{token} → the user, with `emailConfirmed` true; 400 for an unknown, used or expired link. */
export const handler = publicRoute({ handler: 'confirm-email', path: tokenPath }, async ({ path }) =>
  confirmEmail(path.token),
);
