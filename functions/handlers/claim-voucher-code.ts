import { voucherPath } from '../../contract/accounts';
import { claimVoucher } from '../domain/vouchers';
import { route } from '../lib/http';

/** POST /api/claimvouchercode/{code} → true; the user is premium. 400 'Invalid voucher code' when unknown or used. */
export const handler = route(
  { handler: 'claim-voucher-code', path: voucherPath, security: 'voucher_claim' },
  async ({ user, path }) => claimVoucher(user, path.code),
);
