import * as accounts from '../../contract/endpoints/accounts';
import { deleteAccount } from '../domain/identity/accounts';
import { route } from '../http';
import { clientAddress } from '../lib/address';

/**
 * DELETE /api/users {password, code?} → {msg}; every item of the account is gone and its sessions
 * end. A wrong password is 400 `WRONG_PASSWORD`, a missing or wrong code (2FA on) 400
 * `TWO_FACTOR_REQUIRED` / `TWO_FACTOR_INVALID`.
 */
export const handler = route(
  accounts.deleteAccount,
  async ({ user, body, headers, sourceIp }) =>
    deleteAccount(user, { ...body, sourceIp: clientAddress(headers, sourceIp) }),
  { security: 'account_deletion' },
);
