import * as twoFactor from '../../contract/endpoints/two-factor';
import { startTwoFactor } from '../domain/identity/two-factor';
import { route } from '../http';
import { clientAddress } from '../lib/address';

/** POST /api/users/2fa {password} → {secret, otpauthUrl}: a new secret to scan; 409 when 2FA is on. */
export const handler = route(twoFactor.startTwoFactor, async ({ user, body, headers, sourceIp }) =>
  startTwoFactor(user, body.password, clientAddress(headers, sourceIp)),
);
