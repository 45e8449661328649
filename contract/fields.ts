import * as z from 'zod/mini';
import { type ApiErrorCode, type ApiField, schemaMessage } from './error-codes';
import { lazy } from './lazy';
import { characterCount, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from './limits';

/**
 * The shapes of client input every endpoint shares: ids and free text. One definition each, so
 * every route refuses the same things with the same words. What the API accepts it stores exactly,
 * and no client input yields a 5xx.
 */

/**
 * A ULID: 26 Crockford base-32 characters, the first at most `7` (128 bits). Every id Timeledger
 * makes is one (users, projects, activities, demo data); case-insensitive, as the ULID spec says.
 */
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i;

/**
 * The one id check: whether a value can be the id of anything Timeledger stores. Every id from a
 * path, body or query goes through it before it gets near a key, so a 2,100-character id, a `#`
 * that could reach into a sort key or an empty string never reaches DynamoDB; callers answer 404
 * (an id that cannot exist is an unknown id).
 */
export function isEntityId(value: unknown): value is string {
  return typeof value === 'string' && ULID.test(value);
}

/**
 * Marks a schema issue as "no such thing" rather than "bad input": the request edge
 * (`functions/http/validate.ts`) answers it 404 (with the code of its message), as the contract wants for a
 * malformed id.
 */
export interface NotFoundIssue {
  notFound: true;
}

/**
 * A body or query field that names an existing entity (a project's id in an activity): a missing
 * value or one that is not text is a 400 "… is required"; a malformed one a 404 with `notFound`.
 * Upper-cased, so an id typed in lower case finds its entity.
 */
export const entityIdField = (field: ApiField, notFound: ApiErrorCode) => {
  const required = schemaMessage('FIELD_REQUIRED', { field });
  return z.pipe(
    z.string({ error: required }).check(
      z.minLength(1, required),
      z.refine(isEntityId, {
        message: schemaMessage(notFound),
        params: { notFound: true } satisfies NotFoundIssue,
      }),
    ),
    z.transform((s) => s.toUpperCase()),
  );
};

/** The issue of an id that cannot name anything: the edge answers it 404 with `code`. */
const unknownId = (code: ApiErrorCode) => ({
  message: schemaMessage(code),
  params: { notFound: true } satisfies NotFoundIssue,
});

/**
 * An id in the path (`/api/projects/{id}`): one that cannot exist is a 404 with `notFound`'s code
 * at the edge, before any handler runs, exactly as an unknown or another user's id is. Kept as
 * sent (no case change), so only the stored spelling finds its entity.
 */
export const pathId = (notFound: ApiErrorCode) => z.string().check(z.refine(isEntityId, unknownId(notFound)));

/**
 * An optional id in the query that narrows an answer to one entity (`?projectid=`): over 200
 * characters a 400, malformed a 404 with `notFound`'s code; upper-cased, as ids are stored.
 */
export const queryId = (notFound: ApiErrorCode) =>
  z.optional(
    z.pipe(
      z.string().check(z.maxLength(200), z.refine(isEntityId, unknownId(notFound))),
      z.transform((s) => s.toUpperCase()),
    ),
  );

/**
 * A client-made id for an idempotent create (`_id`). It names nothing yet, so a malformed one is
 * bad input (400), not an unknown entity.
 */
export const CLIENT_ID = /* @__PURE__ */ lazy(() =>
  z.pipe(
    z.string({ error: schemaMessage('INVALID_ID') }).check(z.refine(isEntityId, schemaMessage('INVALID_ID'))),
    z.transform((s) => s.toUpperCase()),
  ),
);

export { MAX_NAME_LENGTH, MAX_TEXT_LENGTH };

/**
 * Optional free text: trimmed, at most `max` characters (code points). Stored exactly as trimmed;
 * two texts are the same task only when they are equal code unit for code unit (no case folding).
 */
export const textField = (field: ApiField, max: number) =>
  z.string({ error: schemaMessage('NOT_TEXT', { field }) }).check(
    z.trim(),
    z.refine((s) => characterCount(s) <= max, schemaMessage('TEXT_TOO_LONG', { field, max })),
  );

/** Required free text: as `textField`, and not empty once trimmed. */
export const requiredTextField = (field: ApiField, max: number) => {
  const required = schemaMessage('FIELD_REQUIRED', { field });
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, required),
    z.refine((s) => characterCount(s) <= max, schemaMessage('TEXT_TOO_LONG', { field, max })),
  );
};

/** `limit` of a paged list: a whole number from 1 to `max` (a query string, so coerced). */
export const pageLimitField = (max: number) =>
  z.optional(
    z.coerce
      .number({ error: schemaMessage('NOT_A_NUMBER', { field: 'limit' }) })
      .check(
        z.int(schemaMessage('NOT_WHOLE_NUMBER', { field: 'limit' })),
        z.gte(1, schemaMessage('OUT_OF_RANGE', { field: 'limit', min: 1, max })),
        z.lte(max, schemaMessage('OUT_OF_RANGE', { field: 'limit', min: 1, max })),
      ),
  );
