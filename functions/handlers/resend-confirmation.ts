import * as accounts from '../../contract/endpoints/accounts';
import { resendConfirmation } from '../domain/identity/account-emails';
import { route } from '../http';

/** POST /api/confirmemail → {msg}; mails a new confirmation link (limited like reset requests). */
export const handler = route(accounts.resendConfirmation, async ({ user }) => resendConfirmation(user), {
  security: 'confirmation_resend',
});
