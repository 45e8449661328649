import { resendConfirmation } from '../domain/account-emails';
import { route } from '../lib/http';

/** POST /api/confirmemail → {msg}; mails a new confirmation link (limited like reset requests). */
export const handler = route(
  { handler: 'resend-confirmation', security: 'confirmation_resend' },
  async ({ user }) => resendConfirmation(user),
);
