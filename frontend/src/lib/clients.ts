import type { ClientCreateBody, ClientUpdateBody } from '@contract/clients';
import type { Client } from '@contract/responses';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { client, fetcher } from './api-client';
import { revalidateAfter } from './api-keys';

/**
 * The user's clients, shared by the clients page, the project forms and the report filters (so it
 * lives in lib/, not in one feature).
 */
export type { Client };

export const CLIENTS_KEY = client.url('listClients');

/** GET /api/clients, by name. */
export function useClients() {
  return useSWR<Client[]>(CLIENTS_KEY, fetcher);
}

/**
 * Adds, edits and deletes clients; each revalidates what its endpoint makes stale (the clients,
 * the report by client, and on delete the projects).
 */
export function useClientActions() {
  const { mutate } = useSWRConfig();
  const create = useCallback(
    async (input: ClientCreateBody) => {
      const created = await client.call('createClient', { body: input });
      await revalidateAfter(mutate, 'createClient');
      return created;
    },
    [mutate],
  );
  const update = useCallback(
    async (clientId: string, input: ClientUpdateBody) => {
      const updated = await client.call('updateClient', { path: { id: clientId }, body: input });
      await revalidateAfter(mutate, 'updateClient');
      return updated;
    },
    [mutate],
  );
  const remove = useCallback(
    async (clientId: string) => {
      await client.call('deleteClient', { path: { id: clientId } });
      await revalidateAfter(mutate, 'deleteClient');
    },
    [mutate],
  );
  return { create, update, remove };
}
