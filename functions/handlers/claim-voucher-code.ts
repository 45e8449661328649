import * as accounts from '../../contract/endpoints/accounts';
import { claimVoucher } from '../domain/identity/vouchers';
import { route } from '../http';
import { clientAddress } from '../lib/address';

/** POST /api/claimvouchercode/{code} → true; the user is premium. 400 'Invalid voucher code' when unknown or used, 429 past the failed-try limits. */
export const handler = route(
  accounts.claimVoucherCode,
  async ({ user, path, headers, sourceIp }) =>
    claimVoucher(user, path.code, clientAddress(headers, sourceIp)),
  {
    security: 'voucher_claim',
  },
);
