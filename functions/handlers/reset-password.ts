import { resetPasswordBody } from '../../contract/accounts';
import { resetPassword } from '../domain/accounts';
import { publicRoute } from '../lib/http-chain';

/** PUT /api/resetpassword {email, password, password2, resetToken} → {msg}; ends every session of the account. */
export const handler = publicRoute(
  { handler: 'reset-password', body: resetPasswordBody, security: 'password_reset' },
  async ({ body }) => resetPassword(body),
);
