import type { ResetPasswordBody } from '@contract/accounts';
import { api } from '@/lib/api';

/** PUT /api/resetpassword with the token from the emailed link. */
export function resetPassword(input: ResetPasswordBody): Promise<unknown> {
  return api('PUT', '/api/resetpassword', input);
}
