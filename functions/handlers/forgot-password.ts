import { forgotPasswordBody } from '../../contract/accounts';
import { requestPasswordReset } from '../domain/account-emails';
import { route } from '../lib/http';

/** POST /api/forgotpassword {email, language?} → the same 200 for known and unknown addresses; mails a reset link to known ones. */
export const handler = route(
  { handler: 'forgot-password', body: forgotPasswordBody, security: 'password_reset_request' },
  async ({ body }) => requestPasswordReset(body.email, body.language),
);
