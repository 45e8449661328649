import * as accounts from '../../contract/endpoints/accounts';
import { logout } from '../domain/identity/accounts';
import { respond, route } from '../http';

/** POST /api/auth/logout [{everywhere}] → 204; this token (or, everywhere, every token of the account) stops working. */
export const handler = route(
  accounts.logout,
  async ({ body, user, session, audit }) => {
    audit({ everywhere: body.everywhere });
    await logout(user, session, body.everywhere);
    return respond(204, undefined);
  },
  { security: 'logout' },
);
