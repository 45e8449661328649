import type { ImportPreview, ImportReport } from '@contract/responses';
import { client } from '@/lib/api-client';

export type ImportSource = 'toggl' | 'clockify' | 'harvest' | 'timeledger-time' | 'timeledger-finance';

export type { ImportPreview, ImportReport };
/** A line of the file that was not imported, and why. */
export type RefusedLine = ImportReport['errors'][number];
/** One row of a dry run's preview. */
export type PreviewRow = ImportPreview['preview'][number];

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function post<T>(source: ImportSource, text: string, dryRun: boolean): Promise<T> {
  return client.call('importActivities', {
    path: { source },
    query: { tz: timeZone(), ...(dryRun ? { dryrun: 'true' } : {}) },
    body: text,
  }) as Promise<T>;
}

/** POST /api/import/{source}: imports one part of a file (the file's times read in the browser's zone). */
export const importPart = (source: ImportSource, text: string) => post<ImportReport>(source, text, false);

/** The same request as a dry run: the rows it would import and the projects it would create. */
export const previewPart = (source: ImportSource, text: string) => post<ImportPreview>(source, text, true);
