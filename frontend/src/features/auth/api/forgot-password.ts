import { api } from '../../../lib/api';

/** POST /api/forgotpassword: the same answer whether or not the address is registered. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return api('POST', '/api/forgotpassword', { email });
}
