import { api } from '@/lib/api';

/** POST /api/claimvouchercode/{code}: `true` when the code made the user premium. */
export function claimVoucherCode(code: string): Promise<boolean> {
  return api<boolean>('POST', `/api/claimvouchercode/${encodeURIComponent(code)}`);
}
