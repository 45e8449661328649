import type { WriteName } from '@contract/endpoints';
import type {
  InvoiceCreateBody,
  InvoiceEmailBody,
  InvoiceSettingsBody,
  InvoiceUpdateBody,
} from '@contract/invoices';
import type { Invoice, InvoiceSettings } from '@contract/responses';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { client, fetcher } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';
import { fileNameOf, saveBlob } from '@/lib/download';

export type { Invoice, InvoiceSettings };

export const INVOICES_KEY = client.url('listInvoices');
export const INVOICE_SETTINGS_KEY = client.url('getInvoiceSettings');

/** GET /api/invoices: newest first. */
export function useInvoices() {
  return useSWR<Invoice[]>(INVOICES_KEY, fetcher);
}

/** GET /api/invoices/{id} */
export function useInvoice(id: string | undefined) {
  return useSWR<Invoice>(id ? client.url('getInvoice', { path: { id } }) : null, fetcher);
}

/** GET /api/invoicesettings */
export function useInvoiceSettings() {
  return useSWR<InvoiceSettings>(INVOICE_SETTINGS_KEY, fetcher);
}

/** PUT /api/invoicesettings */
export function useSaveInvoiceSettings() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: InvoiceSettingsBody) => {
      const saved = await client.call('updateInvoiceSettings', { body });
      await mutate(INVOICE_SETTINGS_KEY, saved, { revalidate: false });
      await revalidateAfter(mutate, 'updateInvoiceSettings', { fresh: ['getInvoiceSettings'] });
      return saved;
    },
    [mutate],
  );
}

/** POST /api/invoices?dryrun=true: the invoice the server would make, nothing stored. */
export const previewInvoice = (body: InvoiceCreateBody): Promise<Invoice> =>
  client.call('createInvoice', { query: { dryrun: 'true' }, body });

/**
 * After an invoice is made, sent, paid, voided or deleted: what its endpoint makes stale — the
 * invoices, the entries' marks and lists, and (paid) the projects' income and every figure.
 */
function useRevalidateInvoices() {
  const { mutate } = useSWRConfig();
  return useCallback((write: WriteName) => revalidateAfter(mutate, write), [mutate]);
}

/** POST /api/invoices: a draft. */
export function useCreateInvoice() {
  const revalidate = useRevalidateInvoices();
  return useCallback(
    async (body: InvoiceCreateBody) => {
      const invoice = await client.call('createInvoice', { body });
      await revalidate('createInvoice');
      return invoice;
    },
    [revalidate],
  );
}

/** PUT /api/invoices/{id}: sent, paid (with its day) or void. */
export function useUpdateInvoice() {
  const revalidate = useRevalidateInvoices();
  return useCallback(
    async (id: string, body: InvoiceUpdateBody) => {
      const invoice = await client.call('updateInvoice', { path: { id }, body });
      await revalidate('updateInvoice');
      return invoice;
    },
    [revalidate],
  );
}

/** DELETE /api/invoices/{id}: a draft only. */
export function useDeleteInvoice() {
  const revalidate = useRevalidateInvoices();
  return useCallback(
    async (id: string) => {
      await client.call('deleteInvoice', { path: { id } });
      await revalidate('deleteInvoice');
    },
    [revalidate],
  );
}

/** GET /api/invoices/{id}/pdf, saved under the server's file name. */
export async function downloadInvoicePdf(id: string): Promise<void> {
  const res = await client.response('getInvoicePdf', { path: { id } });
  saveBlob(await res.blob(), fileNameOf(res, 'invoice.pdf'));
}

/** The e-invoice downloads of an issued invoice or credit note (CONTRACT §9). */
const DOWNLOADS = {
  xrechnung: { name: 'getInvoiceXrechnung', fallback: 'xrechnung.xml' },
  ubl: { name: 'getInvoiceUbl', fallback: 'ubl.xml' },
} as const;

/** GET /api/invoices/{id}/xrechnung or /ubl: the stored XML, saved under the server's file name. */
export async function downloadInvoiceXml(id: string, kind: keyof typeof DOWNLOADS): Promise<void> {
  const { name, fallback } = DOWNLOADS[kind];
  const res = await client.response(name, { path: { id } });
  saveBlob(await res.blob(), fileNameOf(res, fallback));
}

/** POST /api/invoices/{id}/email: sends it with its PDF and XRechnung; the invoice's `emails` follow. */
export function useEmailInvoice() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, body: InvoiceEmailBody) => {
      const sent = await client.call('emailInvoice', { path: { id }, body });
      await revalidateAfter(mutate, 'emailInvoice', { only: { id: [id] } });
      return sent;
    },
    [mutate],
  );
}
