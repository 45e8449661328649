import { resetPasswordBody } from '../../contract/accounts';
import { resetPassword } from '../domain/accounts';
import { route } from '../lib/http';

/** PUT /api/resetpassword {email, password, password2, resetToken} → {msg}; ends every session of the account. */
export const handler = route(
  { handler: 'reset-password', body: resetPasswordBody, security: 'password_reset' },
  async ({ body }) => resetPassword(body),
);
