import * as z from 'zod/mini';
import { errorCode, messageValues } from './error-schemas';
import { type Built, lazy } from './lazy';

/** What the CSV import answers (`responses.ts` re-exports it). */

/** A line of a CSV import that was not imported, and why. */
export const refusedLine = /* @__PURE__ */ lazy(() =>
  z.object({
    line: z.number(),
    msg: z.string(),
    code: z.optional(errorCode()),
    values: z.optional(messageValues()),
  }),
);

/** `POST /api/import/{source}`. */
export const importReport = /* @__PURE__ */ lazy(() =>
  z.object({
    imported: z.number(),
    skipped: z.number(),
    projectsCreated: z.array(z.string()),
    /** Clients the file named for new projects that the person did not have. */
    clientsCreated: z.array(z.string()),
    /** Columns of the file the product does not keep (named, never dropped silently). */
    ignoredColumns: z.array(z.string()),
    errors: z.array(refusedLine()),
  }),
);
export type ImportReport = z.infer<Built<typeof importReport>>;

/** `POST /api/import/{source}?dryrun=true`: nothing is written. */
export const importPreview = /* @__PURE__ */ lazy(() =>
  z.object({
    rows: z.number(),
    projectsToCreate: z.array(z.string()),
    preview: z.array(
      z.object({
        line: z.number(),
        kind: z.enum(['time', 'finance']),
        project: z.string(),
        day: z.string(),
        startTime: z.optional(z.nullable(z.string())),
        endTime: z.optional(z.nullable(z.string())),
        duration: z.optional(z.number()),
        amountCents: z.optional(z.number()),
        expense: z.optional(z.boolean()),
        task: z.string(),
        subTask: z.string(),
        client: z.optional(z.string()),
        billable: z.optional(z.boolean()),
        tags: z.optional(z.array(z.string())),
      }),
    ),
    ignoredColumns: z.array(z.string()),
    errors: z.array(refusedLine()),
  }),
);
export type ImportPreview = z.infer<Built<typeof importPreview>>;
