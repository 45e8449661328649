import type { QueryOf } from '@contract/client';
import { client } from './api-client';

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Pages followed at most: 100,000 entries fit in a few dozen. */
const MAX_PAGES = 1000;

/** The exports that come in pages: the account's data, and each CSV. */
export type PagedExport = 'exportUserData' | 'exportTimeActivitiesCsv' | 'exportFinanceActivitiesCsv';

/**
 * Every page of a paged export (`x-next-cursor` → `cursor=`), in order. Large accounts' exports
 * come in pages so that each answer stays under the API's response limits.
 */
export async function fetchPages<N extends PagedExport>(
  name: N,
  query = {} as QueryOf<N>,
): Promise<Response[]> {
  const pages: Response[] = [];
  let cursor: string | null = null;
  do {
    const page = { query: { ...query, ...(cursor ? { cursor } : {}) } };
    const res: Response = await client.response(name as PagedExport, page as never);
    pages.push(res);
    cursor = res.headers.get('x-next-cursor');
  } while (cursor && pages.length < MAX_PAGES);
  return pages;
}

/** The file name the server gave a download (`content-disposition`), or `fallback`. */
export function fileNameOf(res: Response | undefined, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res?.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

export interface CsvExportScope {
  projectId?: string;
  /** `yyyy-mm-dd`, inclusive. */
  from?: string;
  to?: string;
}

/**
 * Downloads a CSV export (time or income and expenses) whole: its pages' bodies joined in order
 * are the file (only the first carries the BOM and header). Times are in the browser's time zone;
 * `excel` writes semicolons and decimal commas where the user's number format has a decimal comma.
 */
export async function downloadCsv(
  kind: 'time' | 'finance',
  scope: CsvExportScope = {},
  format: 'csv' | 'excel' = 'csv',
): Promise<void> {
  const pages = await fetchPages(kind === 'time' ? 'exportTimeActivitiesCsv' : 'exportFinanceActivitiesCsv', {
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    format,
    projectid: scope.projectId,
    startdate: scope.from,
    enddate: scope.to,
  });
  // Bytes, not text: the BOM must reach the file as it came.
  const parts = await Promise.all(pages.map((p) => p.arrayBuffer()));
  saveBlob(
    new Blob(parts, { type: 'text/csv;charset=utf-8' }),
    fileNameOf(pages[0], `timeledger-${kind}.csv`),
  );
}
