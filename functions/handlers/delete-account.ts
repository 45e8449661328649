import * as accounts from '../../contract/endpoints/accounts';
import { deleteAccount } from '../domain/identity/accounts';
import { route } from '../http';

/** DELETE /api/users → {msg}; every item of the account is gone and its sessions end. */
export const handler = route(accounts.deleteAccount, async ({ user }) => deleteAccount(user), {
  security: 'account_deletion',
});
