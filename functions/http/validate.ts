import * as z from 'zod/mini';
import { type AppError, NotFoundError, schemaMessageCode, ValidationError } from '../lib/errors';
import type { Infer, Schema } from './request';

/**
 * The first schema issue as the contract's error: a 400, or a 404 when the schema says the value
 * names something that cannot exist (a malformed id: `NotFoundIssue` in `contract/fields.ts`). The
 * code and values come from the rule's message (`schemaMessage`); a rule without one is
 * `VALIDATION_ERROR`.
 */
export function firstIssueToError(error: z.core.$ZodError, namesUnknown: boolean): AppError {
  const issue = error.issues[0];
  const notFound = issue?.code === 'custom' && (issue.params as { notFound?: boolean } | undefined)?.notFound;
  // An unknown id of the path or query is "not found", not a field to correct: the answer names none.
  const named = issue && issue.path.length > 0 && (namesUnknown || !notFound);
  const param = named ? issue.path.join('.') : undefined;
  const known = issue ? schemaMessageCode(issue.message) : undefined;
  const details = known
    ? { param, ...(known.values ? { values: known.values } : {}) }
    : { param, message: issue?.message };
  if (notFound) return new NotFoundError(known?.code ?? 'NOT_FOUND', details);
  return new ValidationError(known?.code ?? 'VALIDATION_ERROR', details);
}

/**
 * Where the first ill-formed string (a lone UTF-16 surrogate, e.g. from `"\ud800"` in JSON) sits
 * in a parsed value, keys included: its path (`''` for the value itself), or undefined when every
 * string is well-formed. Iterative, so a body nested a million levels deep cannot overflow the stack.
 */
export function illFormedPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!current.isWellFormed()) return path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!key.isWellFormed()) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * The one Unicode check at the edge: a body, path or query holding a lone surrogate is refused
 * before any schema or handler sees it. DynamoDB would store it (and JSON answers would carry it
 * back), but no client can type it and no other program reads it back the same way.
 */
export function assertWellFormed(value: unknown) {
  const path = illFormedPath(value);
  if (path !== undefined) throw new ValidationError('ILL_FORMED_UNICODE', { param: path || undefined });
}

/** A value parsed by its schema; a body's unknown id names its field, a path's or query's none. */
export function parse<S extends Schema | undefined>(
  schema: S,
  value: unknown,
  namesUnknown = false,
): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  const result = z.safeParse(schema, value);
  if (!result.success) throw firstIssueToError(result.error, namesUnknown);
  return result.data as Infer<S>;
}
