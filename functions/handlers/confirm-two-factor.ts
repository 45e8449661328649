import * as twoFactor from '../../contract/endpoints/two-factor';
import { confirmTwoFactor } from '../domain/identity/two-factor-switch';
import { route } from '../http';
import { clientAddress } from '../lib/address';

/** POST /api/users/2fa/confirm {code} → {recoveryCodes}: 2FA is on; 400 TWO_FACTOR_INVALID for a wrong code. */
export const handler = route(
  twoFactor.confirmTwoFactor,
  async ({ user, body, headers, sourceIp }) =>
    confirmTwoFactor(user, body.code, clientAddress(headers, sourceIp)),
  { security: 'two_factor_enable' },
);
