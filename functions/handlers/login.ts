import * as accounts from '../../contract/endpoints/accounts';
import { clientAddress } from '../domain/rate-limit';
import { login } from '../domain/sign-in';
import { publicRoute } from '../http/chain';

/** POST /api/auth {email, password} → {token}; 400 'Invalid Credentials', 429 past the failed-login limits. */
export const handler = publicRoute(
  accounts.login,
  async ({ body, headers, sourceIp, audit }) => {
    const { token, userId } = await login(body.email, body.password, clientAddress(headers, sourceIp));
    audit({ userId });
    return { token };
  },
  { security: 'login' },
);
