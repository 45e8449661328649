import { deleteAccount } from '../domain/accounts';
import { route } from '../lib/http';

/** DELETE /api/users → {msg}; every item of the account is gone and its sessions end. */
export const handler = route({ handler: 'delete-account', security: 'account_deletion' }, async ({ user }) =>
  deleteAccount(user),
);
