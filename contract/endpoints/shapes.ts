import * as z from 'zod/mini';
import { listQuerySchema } from '../activities';
import type { Answer, Deferred } from '../endpoint';
import { lazy } from '../lazy';
import { chartQuerySchema, csvExportQuerySchema } from '../queries';
import * as r from '../responses';

/** The shapes several endpoints share, spread into their objects in `contract/endpoints/`. */

/** A list of `item`s, built when first read as `item` is (`lazy`). */
export const list = <T extends z.ZodMiniType>(item: () => T) => /* @__PURE__ */ lazy(() => z.array(item()));

/** A chart or grid of a project or of all projects, for the chart query's range. */
export const chart = <A extends Deferred<Answer> = typeof r.chartData>(summary: string, answer?: A) => ({
  summary,
  query: chartQuerySchema,
  answers: { 200: (answer ?? r.chartData) as A },
  errors: [404],
});

/** An account action that is rate limited (429 when asked too often). */
export const limited = <A extends Deferred<Answer>>(summary: string, answer: A) => ({
  summary,
  answers: { 200: answer },
  errors: [429],
});

/** A create: 201, or 200 with the stored item when the client's `_id` exists already. */
export const create = <B extends Deferred<z.core.$ZodType>, A extends Deferred<Answer>>(
  summary: string,
  body: B,
  answer: A,
  errors: number[],
) => ({
  summary: `${summary} (201; 200 when the client \`_id\` exists)`,
  body,
  answers: { 200: answer, 201: answer },
  errors,
});

/** An operation on the one item its path names: 404 when there is none (or it is another user's). */
export const byId = <A extends Deferred<Answer>>(summary: string, answer: A) => ({
  summary,
  answers: { 200: answer },
  errors: [404],
});

/** A page of a project's entries, newest first; the `x-next-cursor` header asks for the next. */
export const entryPage = <T extends z.ZodMiniType>(summary: string, item: () => T) => ({
  summary: `${summary}, newest first (paged by \`x-next-cursor\`)`,
  query: listQuerySchema,
  answers: { 200: /* @__PURE__ */ list(item) },
  errors: [404],
  paged: true as const,
});

/** One kind of entry as a CSV file. */
export const csvExport = (summary: string) => ({
  summary,
  query: csvExportQuerySchema,
  answers: { 200: 'csv' as const },
  errors: [404],
  paged: true as const,
});
