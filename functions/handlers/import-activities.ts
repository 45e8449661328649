import * as z from 'zod/mini';
import { importCsv, previewImport } from '../domain/csv/import';
import { isImportSource } from '../domain/csv/sources';
import { isTimeZone } from '../domain/csv/zones';
import { NotFoundError } from '../lib/errors';
import { route } from '../lib/http';

/**
 * POST /api/import/{source}[?tz=&dryrun=true] with a CSV file as the body (`Content-Type: text/csv`,
 * UTF-8, at most 5 MB) → `{imported, skipped, projectsCreated, errors: [{line, msg}]}`. `source`:
 * `toggl`, `clockify`, `harvest`, `timeledger-time`, `timeledger-finance`; `tz` is the time zone
 * the file's wall-clock times are in (default UTC). `dryrun=true` writes nothing and answers
 * `{rows, projectsToCreate, preview, errors}` (the app's preview).
 */
export const handler = route(
  {
    handler: 'import-activities',
    csvBody: true,
    path: z.object({ source: z.string() }),
    query: z.object({
      tz: z.optional(z.string().check(z.refine(isTimeZone, 'tz must be a time zone such as Europe/Berlin'))),
      dryrun: z.optional(z.enum(['true', 'false'])),
    }),
  },
  async ({ user, path, query, body, remainingTimeMs }) => {
    if (!isImportSource(path.source)) throw new NotFoundError('Unknown import source', 'UNKNOWN_SOURCE');
    const text = body as unknown as string;
    const tz = query.tz ?? 'UTC';
    if (query.dryrun === 'true') return previewImport(user, path.source, text, tz);
    return importCsv(user, path.source, text, { tz, remainingTimeMs });
  },
);
