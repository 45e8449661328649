import type { ImportPreview, ImportReport, RefusedLine } from '../api/import-csv';
import type { FilePart } from './split';

/** How many rows of the file the preview shows. */
export const PREVIEW_ROWS = 5;

/** The refused lines of a part, numbered as lines of the whole file. */
export const shift = (errors: RefusedLine[], part: FilePart) =>
  errors.map((e) => ({ ...e, line: e.line + part.lineOffset }));

export const emptyPreview = (): ImportPreview => ({
  rows: 0,
  projectsToCreate: [],
  preview: [],
  ignoredColumns: [],
  errors: [],
});
export const emptyReport = (): ImportReport => ({
  imported: 0,
  skipped: 0,
  projectsCreated: [],
  clientsCreated: [],
  ignoredColumns: [],
  errors: [],
});

/** Adds to `into` the names it does not hold yet (ignoring case), in order. */
export function addNew(into: string[], names: readonly string[]) {
  for (const name of names) {
    if (!into.some((n) => n.toLowerCase() === name.toLowerCase())) into.push(name);
  }
}

/** Adds one part's dry run to the file's preview: rows counted, each new project named once. */
export function addPreview(preview: ImportPreview, p: ImportPreview, part: FilePart): void {
  preview.rows += p.rows;
  for (const name of p.projectsToCreate) {
    if (!preview.projectsToCreate.some((n) => n.toLowerCase() === name.toLowerCase())) {
      preview.projectsToCreate.push(name);
    }
  }
  if (preview.preview.length < PREVIEW_ROWS) {
    preview.preview.push(
      ...p.preview
        .slice(0, PREVIEW_ROWS - preview.preview.length)
        .map((r) => ({ ...r, line: r.line + part.lineOffset })),
    );
  }
  preview.errors.push(...shift(p.errors, part));
  addNew(preview.ignoredColumns, p.ignoredColumns);
}

/** Adds one part's import report to the file's. */
export function addReport(total: ImportReport, r: ImportReport, part: FilePart): void {
  total.imported += r.imported;
  total.skipped += r.skipped;
  total.projectsCreated.push(...r.projectsCreated);
  total.clientsCreated.push(...r.clientsCreated);
  addNew(total.ignoredColumns, r.ignoredColumns);
  total.errors.push(...shift(r.errors, part));
}
