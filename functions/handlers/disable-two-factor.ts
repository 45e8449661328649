import * as twoFactor from '../../contract/endpoints/two-factor';
import { turnOffTwoFactor } from '../domain/identity/two-factor-switch';
import { respond, route } from '../http';
import { clientAddress } from '../lib/address';

/** DELETE /api/users/2fa {password, code} → 204: 2FA is off; 409 when it was not on. */
export const handler = route(
  twoFactor.disableTwoFactor,
  async ({ user, body, headers, sourceIp }) => {
    await turnOffTwoFactor(user, body, clientAddress(headers, sourceIp));
    return respond(204, undefined);
  },
  { security: 'two_factor_disable' },
);
