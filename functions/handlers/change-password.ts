import * as accounts from '../../contract/endpoints/accounts';
import { changePassword } from '../domain/identity/password-change';
import { clientAddress } from '../domain/identity/rate-limit';
import { route } from '../http';

/** PUT /api/users/password {currentPassword, password} → {token}; every other session of the account ends. */
export const handler = route(
  accounts.changePassword,
  async ({ body, user, headers, sourceIp }) => changePassword(user, body, clientAddress(headers, sourceIp)),
  { security: 'password_change' },
);
