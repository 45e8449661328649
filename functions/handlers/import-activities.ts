import * as files from '../../contract/endpoints/files';
import { importCsv, previewImport } from '../domain/tracking/csv/import';
import { isImportSource } from '../domain/tracking/csv/sources';
import { route } from '../http';
import { NotFoundError } from '../lib/errors';

/**
 * POST /api/import/{source}[?tz=&dryrun=true] with a CSV file as the body (`Content-Type: text/csv`,
 * UTF-8, at most 5 MB) → `{imported, skipped, projectsCreated, errors: [{line, msg, code, values?}]}`. `source`:
 * `toggl`, `clockify`, `harvest`, `timeledger-time`, `timeledger-finance`; `tz` is the time zone
 * the file's wall-clock times are in (default UTC). `dryrun=true` writes nothing and answers
 * `{rows, projectsToCreate, preview, errors}` (the app's preview).
 */
export const handler = route(files.importActivities, async ({ user, path, query, body, remainingTimeMs }) => {
  if (!isImportSource(path.source)) throw new NotFoundError('UNKNOWN_SOURCE');
  const text = body as unknown as string;
  const tz = query.tz ?? 'UTC';
  if (query.dryrun === 'true') return previewImport(user, path.source, text, tz);
  return importCsv(user, path.source, text, { tz, remainingTimeMs });
});
