import * as accounts from '../../contract/endpoints/accounts';
import { confirmEmail } from '../domain/identity/accounts';
import { publicRoute } from '../http/chain';

/** GET /api/confirmemail/{token} → the user, with `emailConfirmed` true; 400 for an unknown, used or expired link. */
export const handler = publicRoute(accounts.confirmEmail, async ({ path }) => confirmEmail(path.token));
