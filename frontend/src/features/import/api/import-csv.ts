import type { ImportPreview, ImportReport } from '@contract/responses';
import { apiFetch } from '@/lib/api';

export type ImportSource = 'toggl' | 'clockify' | 'harvest' | 'timeledger-time' | 'timeledger-finance';

export type { ImportPreview, ImportReport };
/** A line of the file that was not imported, and why. */
export type RefusedLine = ImportReport['errors'][number];
/** One row of a dry run's preview. */
export type PreviewRow = ImportPreview['preview'][number];

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

async function post<T>(source: ImportSource, text: string, dryRun: boolean): Promise<T> {
  const query = new URLSearchParams({ tz: timeZone(), ...(dryRun ? { dryrun: 'true' } : {}) });
  const res = await apiFetch(`/api/import/${source}?${query.toString()}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: text,
  });
  return (await res.json()) as T;
}

/** POST /api/import/{source}: imports one part of a file (the file's times read in the browser's zone). */
export const importPart = (source: ImportSource, text: string) => post<ImportReport>(source, text, false);

/** The same request as a dry run: the rows it would import and the projects it would create. */
export const previewPart = (source: ImportSource, text: string) => post<ImportPreview>(source, text, true);
