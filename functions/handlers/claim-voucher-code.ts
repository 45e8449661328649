import * as accounts from '../../contract/endpoints/accounts';
import { claimVoucher } from '../domain/vouchers';
import { route } from '../lib/http';

/** POST /api/claimvouchercode/{code} → true; the user is premium. 400 'Invalid voucher code' when unknown or used. */
export const handler = route(
  accounts.claimVoucherCode,
  async ({ user, path }) => claimVoucher(user, path.code),
  {
    security: 'voucher_claim',
  },
);
