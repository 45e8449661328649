import type { User } from '@contract/responses';
import useSWRImmutable from 'swr/immutable';
import { client } from '@/lib/api-client';

/** SWR key of the confirmation call: its URL. */
export const confirmEmailKey = (token: string) => client.url('confirmEmail', { path: { token } });

/** GET /api/confirmemail/{token}, once per page view (a token is single use: no revalidation). */
export function useConfirmEmail(token: string | undefined) {
  return useSWRImmutable<User>(token ? confirmEmailKey(token) : null, { shouldRetryOnError: false });
}
