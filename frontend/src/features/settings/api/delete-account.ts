import type { Invoice } from '@contract/responses';
import type { DeleteAccountBody } from '@contract/security';
import useSWR from 'swr';
import { client, fetcher } from '@/lib/api-client';

/** DELETE /api/users {password, code?}: removes the account and every item of it. */
export function deleteAccount(body: DeleteAccountBody): Promise<unknown> {
  return client.call('deleteAccount', { body });
}

/**
 * How many invoices have left the draft stage (sent, paid or void): documents the law may want
 * kept for years. Asked only while the deletion dialog is open; `undefined` until known.
 */
export function useIssuedInvoiceCount(asking: boolean): number | undefined {
  const { data } = useSWR<Invoice[]>(asking ? client.url('listInvoices') : null, fetcher);
  return data?.filter((invoice) => invoice.status !== 'draft').length;
}
