import type { FinanceActivity } from '@contract/responses';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfterEntryWrite } from './revalidate';

/**
 * The type a received e-invoice is sent as: a PDF by its name or type, else XML (a browser often
 * gives an `.xml` file no type, or `text/xml`).
 */
export function einvoiceType(file: Pick<File, 'name' | 'type'>): 'application/pdf' | 'application/xml' {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name) ? 'application/pdf' : 'application/xml';
}

/**
 * POST /api/expenses/einvoice?projectid=: the file as the body, its name for the receipt. Answers
 * the expense it booked and revalidates the project's lists, totals and charts, as a typed one does.
 */
export function useUploadEinvoice() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (projectId: string, file: File): Promise<FinanceActivity> => {
      const body = new Blob([file], { type: einvoiceType(file) });
      const booked = await client.call('createExpenseFromEinvoice', {
        query: { projectid: projectId, filename: file.name },
        body,
      });
      await revalidateAfterEntryWrite(mutate, 'createExpenseFromEinvoice', [projectId]);
      return booked;
    },
    [mutate],
  );
}
