import { apiFetch } from '../../../lib/api';

export type ImportSource = 'toggl' | 'clockify' | 'harvest' | 'timeledger-time' | 'timeledger-finance';

/** A line that was not imported: the error's code, English `msg` and values, as the API's errors. */
export interface RefusedLine {
  line: number;
  msg: string;
  code?: string;
  values?: Record<string, string | number>;
}

/** The answer of POST /api/import/{source}. */
export interface ImportReport {
  imported: number;
  skipped: number;
  projectsCreated: string[];
  errors: RefusedLine[];
}

export interface PreviewRow {
  line: number;
  kind: 'time' | 'finance';
  project: string;
  day: string;
  startTime?: string | null;
  endTime?: string | null;
  duration?: number;
  amountCents?: number;
  expense?: boolean;
  task: string;
  subTask: string;
}

/** The answer of a dry run (`dryrun=true`): nothing is written. */
export interface ImportPreview {
  rows: number;
  projectsToCreate: string[];
  preview: PreviewRow[];
  errors: RefusedLine[];
}

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
