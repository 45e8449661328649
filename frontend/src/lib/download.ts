import { apiFetch } from './api';

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

/**
 * Every page of a paged export (`x-next-cursor` → `cursor=`), in order. Large accounts' exports
 * come in pages so that each answer stays under the API's response limits.
 */
export async function fetchPages(path: string, query: Record<string, string> = {}): Promise<Response[]> {
  const pages: Response[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const qs = params.toString();
    const res = await apiFetch(qs ? `${path}?${qs}` : path);
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
 * are the file (only the first carries the BOM and header). Times are in the browser's time zone.
 */
export async function downloadCsv(kind: 'time' | 'finance', scope: CsvExportScope = {}): Promise<void> {
  const path = kind === 'time' ? '/api/export/timeactivities.csv' : '/api/export/financeactivities.csv';
  const query: Record<string, string> = { tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
  if (scope.projectId) query.projectid = scope.projectId;
  if (scope.from) query.startdate = scope.from;
  if (scope.to) query.enddate = scope.to;
  const pages = await fetchPages(path, query);
  // Bytes, not text: the BOM must reach the file as it came.
  const parts = await Promise.all(pages.map((p) => p.arrayBuffer()));
  saveBlob(
    new Blob(parts, { type: 'text/csv;charset=utf-8' }),
    fileNameOf(pages[0], `timeledger-${kind}.csv`),
  );
}
