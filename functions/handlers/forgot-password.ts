import { forgotPasswordBody } from '../../contract/accounts';
import { requestPasswordReset } from '../domain/account-emails';
import { publicRoute } from '../lib/http-chain';

/** POST /api/forgotpassword {email, language?} → the same 200 for known and unknown addresses; mails a reset link to known ones. */
export const handler = publicRoute(
  { handler: 'forgot-password', body: forgotPasswordBody, security: 'password_reset_request' },
  async ({ body }) => requestPasswordReset(body.email, body.language),
);
