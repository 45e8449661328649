import { client } from '@/lib/api-client';

/** POST /api/claimvouchercode/{code}: `true` when the code made the user premium. */
export function claimVoucherCode(code: string): Promise<boolean> {
  return client.call('claimVoucherCode', { path: { code } });
}
