import type { ApiToken, ApiTokenScope, CreatedApiToken } from '@contract/security';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { client, fetcher } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';

/** SWR key of the account's API tokens. */
export const API_TOKENS_KEY = client.url('listApiTokens');

/** GET /api/apitokens: the tokens (never the secrets), oldest first. */
export function useApiTokens(enabled: boolean) {
  return useSWR<ApiToken[]>(enabled ? API_TOKENS_KEY : null, fetcher);
}

/** What creating a token takes: its name and scope, the password, and a code when 2FA is on. */
export interface NewApiToken {
  name: string;
  scope: ApiTokenScope;
  password: string;
  code?: string;
}

/** POST /api/apitokens → the token, shown only in this answer; the list is loaded again. */
export function useCreateApiToken(): (input: NewApiToken) => Promise<CreatedApiToken> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: NewApiToken) => {
      const created = await client.call('createApiToken', { body: input });
      await revalidateAfter(mutate, 'createApiToken');
      return created;
    },
    [mutate],
  );
}

/** DELETE /api/apitokens/{id}: the token stops working at once. */
export function useDeleteApiToken(): (id: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string) => {
      await client.call('deleteApiToken', { path: { id } });
      await revalidateAfter(mutate, 'deleteApiToken');
    },
    [mutate],
  );
}
