import * as accounts from '../../contract/endpoints/accounts';
import { clientAddress } from '../domain/identity/rate-limit';
import { registerUser } from '../domain/identity/signup';
import { publicRoute } from '../http/chain';

/** POST /api/users {name, email, password, language?} → {token}; sends the confirmation email. */
export const handler = publicRoute(
  accounts.registerUser,
  async ({ body, headers, sourceIp, audit }) => {
    const { token, userId } = await registerUser(body, clientAddress(headers, sourceIp));
    audit({ userId });
    return { token };
  },
  { security: 'signup' },
);
