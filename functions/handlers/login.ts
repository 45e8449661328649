import * as accounts from '../../contract/endpoints/accounts';
import { clientAddress } from '../domain/identity/rate-limit';
import { login } from '../domain/identity/sign-in';
import { publicRoute } from '../http/chain';

/**
 * POST /api/auth {email, password, code?} → {token}; 400 'Invalid Credentials', 401
 * TWO_FACTOR_REQUIRED / TWO_FACTOR_INVALID with 2FA on, 429 past the failed-login limits.
 */
export const handler = publicRoute(
  accounts.login,
  async ({ body, headers, sourceIp, audit }) => {
    const { token, userId } = await login(
      body.email,
      body.password,
      clientAddress(headers, sourceIp),
      body.code,
    );
    audit({ userId });
    return { token };
  },
  { security: 'login' },
);
