import type { ResetPasswordBody } from '@contract/accounts';
import { client } from '@/lib/api-client';

/** PUT /api/resetpassword with the token from the emailed link. */
export function resetPassword(input: ResetPasswordBody): Promise<unknown> {
  return client.call('resetPassword', { body: input });
}
