import * as accounts from '../../contract/endpoints/accounts';
import { clientAddress } from '../domain/rate-limit';
import { changePassword } from '../domain/sign-in';
import { route } from '../http';

/** PUT /api/users/password {currentPassword, password} → {token}; every other session of the account ends. */
export const handler = route(
  accounts.changePassword,
  async ({ body, user, headers, sourceIp }) => changePassword(user, body, clientAddress(headers, sourceIp)),
  { security: 'password_change' },
);
