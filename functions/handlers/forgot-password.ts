import * as accounts from '../../contract/endpoints/accounts';
import { requestPasswordReset } from '../domain/identity/account-emails';
import { publicRoute } from '../http/chain';

/** POST /api/forgotpassword {email, language?} → the same 200 for known and unknown addresses; mails a reset link to known ones. */
export const handler = publicRoute(
  accounts.forgotPassword,
  async ({ body }) => requestPasswordReset(body.email, body.language),
  { security: 'password_reset_request' },
);
