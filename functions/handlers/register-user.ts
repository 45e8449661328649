import { registerBody } from '../../contract/accounts';
import { registerUser } from '../domain/account-emails';
import { clientAddress } from '../domain/rate-limit';
import { route } from '../lib/http';

/** POST /api/users {name, email, password, language?} → {token}; sends the confirmation email. */
export const handler = route(
  { handler: 'register-user', body: registerBody, security: 'signup' },
  async ({ body, headers, sourceIp, audit }) => {
    const { token, userId } = await registerUser(body, clientAddress(headers, sourceIp));
    audit({ userId });
    return { token };
  },
);
