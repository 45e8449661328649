import * as accounts from '../../contract/endpoints/accounts';
import { undoEmailChange } from '../domain/identity/email-change';
import { publicRoute } from '../http/chain';

/**
 * POST /api/undoemailchange {token} → {msg}: the account goes back to the address the link was
 * mailed to and every session ends; 400 for an unknown, used or expired link.
 */
export const handler = publicRoute(
  accounts.undoEmailChange,
  async ({ body }) => undoEmailChange(body.token),
  {
    security: 'email_change_undo',
  },
);
