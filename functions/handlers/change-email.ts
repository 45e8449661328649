import * as accounts from '../../contract/endpoints/accounts';
import { changeEmail } from '../domain/identity/account-emails';
import { clientAddress } from '../domain/identity/rate-limit';
import { route } from '../http';

/** PUT /api/users/email {email, password} → the user, `emailConfirmed: false`; mails the new and the old address. */
export const handler = route(
  accounts.changeEmail,
  async ({ body, user, headers, sourceIp }) => changeEmail(user, body, clientAddress(headers, sourceIp)),
  { security: 'email_change' },
);
