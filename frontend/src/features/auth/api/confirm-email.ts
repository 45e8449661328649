import useSWRImmutable from 'swr/immutable';

/** SWR key of the confirmation call: the API path. */
export const confirmEmailKey = (token: string) => `/api/confirmemail/${encodeURIComponent(token)}`;

/** GET /api/confirmemail/{token}, once per page view (a token is single use: no revalidation). */
export function useConfirmEmail(token: string | undefined) {
  return useSWRImmutable<unknown>(token ? confirmEmailKey(token) : null, { shouldRetryOnError: false });
}
