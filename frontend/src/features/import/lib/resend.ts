import type { RefusedLine } from '../api/import-csv';

/** The report of one import request (the API's answer). */
export interface PartReport {
  imported: number;
  skipped: number;
  projectsCreated: string[];
  clientsCreated: string[];
  /** Columns of the file the product does not keep. */
  ignoredColumns: string[];
  errors: RefusedLine[];
}

/** The API's code for rows a request had no time left for (`functions/domain/tracking/csv/import.ts`). */
export const OUT_OF_TIME = 'ROW_OUT_OF_TIME';

/** Sends of one part at most: each one that runs out of time has written some rows. */
const MAX_SENDS = 20;

/**
 * Imports one part whole: when the server ran out of time for some rows, the same part is sent
 * again — the rows it wrote are skipped by their ids, so each send only adds the rest. The result
 * counts every row once: rows written by an earlier send are imported, not skipped.
 */
export async function importPartFully(send: () => Promise<PartReport>): Promise<PartReport> {
  let imported = 0;
  const projectsCreated: string[] = [];
  const clientsCreated: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const r = await send();
    imported += r.imported;
    projectsCreated.push(...r.projectsCreated);
    clientsCreated.push(...r.clientsCreated);
    const late = r.errors.some((e) => e.code === OUT_OF_TIME);
    const progressed = r.imported > 0;
    if (!late || !progressed || attempt >= MAX_SENDS) {
      return {
        imported,
        skipped: r.skipped - (imported - r.imported),
        projectsCreated,
        clientsCreated,
        ignoredColumns: r.ignoredColumns,
        errors: r.errors,
      };
    }
  }
}
