import * as accounts from '../../contract/endpoints/accounts';
import { resetPassword } from '../domain/identity/password-reset';
import { publicRoute } from '../http/chain';

/** PUT /api/resetpassword {email, password, password2, resetToken} → {msg}; ends every session of the account. */
export const handler = publicRoute(accounts.resetPassword, async ({ body }) => resetPassword(body), {
  security: 'password_reset',
});
