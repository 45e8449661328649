import type { TaxReport } from '@contract/tax';
import useSWR from 'swr';
import { client, fetcher } from '@/lib/api-client';
import { fileNameOf, saveBlob } from '@/lib/download';
import type { TaxChoice } from '../lib/periods';

export type { TaxReport };

/** The SWR key of a tax report: `GET /api/taxreport?basis&period&year` (the basis always sent). */
export const taxReportKey = (choice: TaxChoice): string =>
  client.url('getTaxReport', {
    query: { year: choice.year, period: choice.period, basis: choice.basis },
  });

/**
 * GET /api/taxreport: the figures of a month, quarter or year on a basis; `null` asks for nothing
 * yet (a card not on the screen). Entries and invoices changing make it stale (their endpoints'
 * `invalidates`, followed by `lib/api-keys.ts`).
 */
export function useTaxReport(choice: TaxChoice | null) {
  return useSWR<TaxReport>(choice ? taxReportKey(choice) : null, fetcher, { keepPreviousData: true });
}

/**
 * Downloads the same figures as the server writes them in CSV (`format=csv`), under the name the
 * server gives the file. Bytes, not text: the BOM must reach the file as it came.
 */
export async function downloadTaxReportCsv(choice: TaxChoice): Promise<void> {
  const res = await client.response('getTaxReport', {
    query: { year: choice.year, period: choice.period, basis: choice.basis, format: 'csv' },
  });
  saveBlob(
    new Blob([await res.arrayBuffer()], { type: 'text/csv;charset=utf-8' }),
    fileNameOf(res, `tax-${choice.year}-${choice.period}-${choice.basis}.csv`),
  );
}
